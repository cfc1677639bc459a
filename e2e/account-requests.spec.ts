import { expect, test } from '@playwright/test';
import { mailedPasswordLink, siteUrl, uniqueSuffix, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * A first visit (issue 29), on a phone in English: from the sign-in page a newcomer creates an
 * account, sets a password with the mailed link (read from the outbox by the platform admin), signs in
 * and is led to the registration wizard; later, signed out, the same person uses "Forgot your
 * password?", gets a new link through the outbox, chooses a new password and signs in with it.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'en-GB' };

test('a newcomer creates an account from the sign-in page and registers; later a forgotten password is reset through the mail', async ({ browser }) => {
  const email = `first.visit.${uniqueSuffix()}@firma.test`;

  const phone = await (await browser.newContext(PHONE)).newPage();
  await test.step('the sign-in page offers to create an account; the form asks a name and an address', async () => {
    await phone.goto(`${site}/`);
    await phone.getByRole('link', { name: 'No account yet? Create an account' }).click();
    await expect(phone.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expectAccessible(phone);
    await phone.getByRole('button', { name: 'Create the account' }).click();
    await expect(phone.getByRole('alert')).toHaveText('Enter your first and last name.');
    await phone.getByLabel('First name').fill('Fien');
    await phone.getByLabel('Last name').fill('Eerste');
    await phone.getByLabel('E-mail').fill(email);
    await phone.getByRole('button', { name: 'Create the account' }).click();
    await expect(phone.getByRole('status')).toContainText(`We have sent an e-mail to ${email}`);
    await expectFitsWindow(phone);
  });

  const first = await mailedPasswordLink(browser, HOST, email);
  await test.step('the mailed link sets a password; signed in, the newcomer is led to the registration wizard', async () => {
    await phone.goto(first);
    await phone.getByLabel('New password').fill('first-visit-secret');
    await phone.getByLabel('Repeat the password').fill('first-visit-secret');
    await phone.getByRole('button', { name: 'Set password' }).click();
    await expect(phone.getByRole('status')).toContainText('Your password is set');
    await phone.getByRole('link', { name: 'Go to the shop and sign in' }).click();
    await phone.getByLabel('E-mail').fill(email);
    await phone.getByLabel('Password', { exact: true }).fill('first-visit-secret');
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await expect(phone).toHaveURL(/\/registration$/);
    await expect(phone.getByRole('heading', { level: 1, name: 'Register your company' })).toBeVisible();
    await phone.context().close();
  });

  const later = await (await browser.newContext(PHONE)).newPage();
  await test.step('signed out, "Forgot your password?" sends a new link for the address', async () => {
    await later.goto(`${site}/`);
    await later.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(later.getByRole('heading', { name: 'Forgot your password' })).toBeVisible();
    await expectAccessible(later);
    await later.getByLabel('E-mail').fill(email);
    await later.getByRole('button', { name: 'Send the link' }).click();
    await expect(later.getByRole('status')).toContainText('an e-mail with a link to choose a password is on its way');
  });

  const reset = await mailedPasswordLink(browser, HOST, email, first);
  await test.step('the new link sets a new password, which signs in; the link works once', async () => {
    await later.goto(reset);
    await later.getByLabel('New password').fill('second-visit-secret');
    await later.getByLabel('Repeat the password').fill('second-visit-secret');
    await later.getByRole('button', { name: 'Set password' }).click();
    await later.getByRole('link', { name: 'Go to the shop and sign in' }).click();
    await later.getByLabel('E-mail').fill(email);
    await later.getByLabel('Password', { exact: true }).fill('second-visit-secret');
    await later.getByRole('button', { name: 'Sign in' }).click();
    await expect(later).toHaveURL(/\/registration$/);
    await later.goto(reset);
    await expect(later.getByRole('status')).toContainText('Reset link invalid');
    await later.context().close();
  });
});
