import { expect, test } from '@playwright/test';
import { signIn } from './actions';

test.describe('the assistant and its chat bot (core §2, §6)', () => {
  test('a customer with the chatBot feature (Acme Logistics NV) gets the help chat bot; its links lead to pages the user may open', async ({ page }) => {
    await signIn(page, 'buyer@demo.test', { host: 'acme.localhost' });
    const open = page.getByRole('button', { name: 'Open the help assistant' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Help assistant' });
    await expect(dialog).toContainText('How can I help?');
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('how do I change the language');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('log')).toContainText('with the language button in the top bar');
    await dialog.getByRole('link', { name: 'User settings' }).click();
    await expect(page).toHaveURL(/\/user-settings$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('a customer without the feature gets no chat bot', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welkom/i);
    await expect(page.getByRole('button', { name: 'Open de hulpassistent' })).toHaveCount(0);
  });
});
