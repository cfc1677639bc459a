import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { expectFitsWindow } from './actions';

/**
 * The background tasks (core §7 /admin/tasks/…), as the super admin meets them: /ycAdmin/cron lists
 * the tasks, runs 'reminders.due' by hand after a confirmation, and the task's logs show that run,
 * by them, completed. The page fits a phone (390 px) and a tablet (760 px) without scrolling
 * sideways, and axe finds no serious violation on it.
 */

test('the super admin runs a task by hand and sees it completed in its logs', async ({ adminPage: page }) => {
  await page.goto('/ycAdmin/cron');
  await expect(page.getByRole('heading', { name: 'Achtergrondtaken', level: 1 })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Achtergrondtaken' });
  await expect(table.getByRole('row', { name: /Herinneringen versturen/ })).toContainText('Elke minuut');
  await expect(table.getByRole('row', { name: /E-mail versturen/ }).getByRole('button', { name: 'Nu uitvoeren' })).toBeDisabled();

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/tasks/run'));
  await page.getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Herinneringen versturen nu uitvoeren?' });
  await dialog.getByRole('button', { name: 'Uitvoeren' }).click();
  const started = (await (await answer).json()) as { result: { jobId: string } };
  await expect(page.getByText('Herinneringen versturen is gestart.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Logboek: Herinneringen versturen' }).click();
  const logs = page.getByRole('dialog', { name: 'Logboek: Herinneringen versturen' });
  const run = logs.locator(`[data-run="${started.result.jobId}"]`);
  // the drawer reads the logs again while a run has not ended
  await expect(run).toHaveAttribute('data-state', 'completed', { timeout: 30_000 });
  await expect(run).toContainText('Voltooid');
  await expect(run).toContainText('Met de hand gestart door Sam Super');
  await expect(run).toContainText(/Resultaat: Verzonden: \d+/);

  await expectAccessible(page, 'task logs');
  await logs.getByRole('button', { name: 'Sluiten' }).click();
  await expect(logs).toBeHidden();

  for (const width of [760, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const card = page.locator('li[data-task="reminders.due"]');
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Nu uitvoeren: Herinneringen versturen' })).toBeVisible();
    await expectFitsWindow(page, `the tasks page at ${width} px`);
  }
  // the logs take the whole phone's width
  await page.getByRole('button', { name: 'Logboek: Herinneringen versturen' }).click();
  await expect(logs.locator(`[data-run="${started.result.jobId}"]`)).toBeVisible();
  const box = await logs.boundingBox();
  expect(box?.width).toBeGreaterThan(380);
  await expectFitsWindow(page);
});
