import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { siteUrl, uniqueSuffix, apiCall as call, signIn, signedInFor, expectFitsWindow } from './actions';

/**
 * The audit trail (issue 30, docs/audit-trail.md), in English (acme.localhost): the customer admin
 * creates a budget on /budgets and changes its amount; their company's trail on /users/audit-trail
 * (reached from the menu) shows both writes, by them, with the fields before and after; a click on the
 * record keeps that record's changes, a click on the name that user's, and the export downloads what
 * the filters select. The super admin (a platform admin with extra privileges) finds the same change on /ycAdmin/audit-trail, with the company by its name; a buyer has no audit trail (not in the menu; by URL, /unauthorized). On a phone (390 px) the page does not scroll sideways.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Acme Logistics NV';

interface Budget { id: string; name: string; amount: string }

test('a budget change is in the company\'s trail with its fields before and after, and in the platform\'s', async ({ browser }) => {
  const name = `Audit ${uniqueSuffix()}`;
  const manager = await signedInFor(browser, 'manager@demo.test', { host: HOST, company: COMPANY, switchLabel: 'Switch company', acceptDownloads: true });
  let budget!: Budget;

  await test.step('the customer admin creates a budget and changes its amount', async () => {
    await manager.goto(`${site}/budgets`);
    await manager.getByRole('button', { name: 'New budget' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New budget' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: /Amount per period/ }).fill('5000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    budget = (await call<{ items: Budget[] }>(manager, 'GET', `/v2/budgets?page=1&pageSize=10&filter=${encodeURIComponent(name)}`)).items.find((b) => b.name === name)!;
    expect(budget).toMatchObject({ amount: '5000.00' });
    await call(manager, 'POST', '/budget-setting/update', { dto: { id: budget.id, amount: '6500' } });
  });

  await test.step('their trail shows both writes, by them, with the amount before and after', async () => {
    await manager.goto(`${site}/`);
    const group = manager.getByRole('menuitem', { name: 'Users and departments' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await manager.getByRole('group', { name: 'Users and departments' }).getByRole('menuitem', { name: 'Audit trail' }).click();
    await expect(manager.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    await manager.getByRole('searchbox', { name: 'Record (id)' }).fill(budget.id);
    const table = manager.getByRole('table', { name: 'Audit trail' });
    await expect(manager.getByText('2 changes')).toBeVisible();
    const update = table.getByRole('row').filter({ hasText: 'Changed' });
    await expect(update).toContainText('budgets');
    await expect(update).toContainText('5000.00 → 6500.00');
    await expect(table.getByRole('row').filter({ hasText: 'Added' })).toContainText(name);

    // The name keeps that user's changes (a chip says so), the record stays filtered.
    await update.getByRole('button', { name: 'Mia Manager' }).click();
    await expect(manager.getByText('User: Mia Manager')).toBeVisible();
    await expect(manager.getByText('2 changes')).toBeVisible();

    const download = manager.waitForEvent('download');
    await manager.getByRole('button', { name: /Export/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // An .xlsx is a zip: its first bytes say so, and it holds a sheet.
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/worksheets/'))).toBe(true);

    await manager.setViewportSize({ width: 390, height: 800 });
    await expect(manager.getByText('5000.00 → 6500.00')).toBeVisible();
    await expectFitsWindow(manager);
  });

  await test.step('the super admin finds the same change', async () => {
    const admin = await (await browser.newContext()).newPage();
    // Straight to the page: one start of the app (a second one after the landing page is what a busy machine waits for).
    await signIn(admin, 'superadmin@demo.test', { host: HOST, path: '/ycAdmin/audit-trail' });
    await expect(admin.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Record (id)' }).fill(budget.id);
    const row = admin.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: '5000.00 → 6500.00' });
    await expect(row).toBeVisible();
    // The company by its name (not its id); a click keeps that company's entries.
    await row.getByRole('button', { name: COMPANY }).click();
    await expect(admin.getByText(`Company: ${COMPANY}`)).toBeVisible();
    await expect(row).toBeVisible();
    await admin.context().close();
  });

  await test.step('a buyer has no audit trail: not in the menu, and the page says why', async () => {
    const buyer = await signedInFor(browser, 'buyer@demo.test', { host: HOST, company: COMPANY, switchLabel: 'Switch company' });
    await expect(buyer.getByRole('menuitem', { name: 'Users and departments' })).toHaveCount(0);
    await expect(buyer.getByRole('menuitem', { name: 'Audit trail' })).toHaveCount(0);
    await buyer.goto(`${site}/users/audit-trail`);
    await expect(buyer).toHaveURL(/\/unauthorized/);
    await expect(buyer.getByRole('table', { name: 'Audit trail' })).toHaveCount(0);
    await buyer.context().close();
  });
  await manager.context().close();
});
