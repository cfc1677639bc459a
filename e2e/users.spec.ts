import { expect, test } from '@playwright/test';
import { apiCall as call, mailedPasswordLink, signIn, signedInFor, siteUrl, uniqueSuffix, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * Users, departments and accesses (issue "Departments, users, accesses" and "Menus"), in English on
 * acme.localhost: the customer admin (manager@demo.test, roles admin + validator) finds the users
 * area in the sidebar, invites a colleague with a role, a department and a landing page; a second
 * validator for that department is refused with its message. The colleague sets a password with the
 * link of the mail (read from the outbox by the platform admin), signs in and lands on the chosen
 * page. A buyer has no users area in the sidebar and /users sends them to /unauthorized.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Acme Logistics NV';

test('a customer admin invites a validator who sets a password from the mail and lands on their page; a second validator is refused; buyers have no users area', async ({ browser }) => {
  const suffix = uniqueSuffix();
  const email = `invited-${suffix}@acme.example`;
  const department = `Purchasing ${suffix}`;
  const manager = await signedInFor(browser, 'manager@demo.test', { host: HOST, company: COMPANY, switchLabel: 'Switch company' });

  await test.step('the sidebar offers the users area; the admin invites a validator of a new department who lands on Orders', async () => {
    const created = await call<{ result: { id: string } }>(manager, 'POST', '/customerDepartment/create', { dto: { name: department } });
    expect(created.result.id).toBeTruthy();
    const group = manager.getByRole('menuitem', { name: 'Users and departments' });
    await expect(group).toBeVisible();
    await group.click();
    await manager.getByRole('group', { name: 'Users and departments' }).getByRole('menuitem', { name: 'Users', exact: true }).click();
    await expect(manager).toHaveURL(`${site}/users`);
    await expect(manager.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await manager.getByRole('link', { name: 'Invite a user' }).click();
    await expect(manager.getByRole('heading', { name: 'Invite a user' })).toBeVisible();
    await expectAccessible(manager);
    await manager.getByLabel('First name').fill('Vera');
    await manager.getByLabel('Last name').fill('Validator');
    await manager.getByLabel('E-mail').fill(email);
    await manager.getByRole('checkbox', { name: 'Validator' }).check();
    await manager.getByRole('checkbox', { name: department }).check();
    await manager.getByRole('combobox', { name: 'Landing page' }).click();
    await manager.getByRole('option', { name: 'Orders' }).click();
    await manager.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(manager.getByRole('heading', { name: 'User Vera Validator' })).toBeVisible();
    await expect(manager.getByRole('checkbox', { name: 'Validator' })).toBeChecked();
    await expect(manager.getByRole('checkbox', { name: department })).toBeChecked();
  });

  await test.step('a second validator for the same department is refused with its message', async () => {
    await manager.goto(`${site}/users/create`);
    await manager.getByLabel('E-mail').fill(`second-${suffix}@acme.example`);
    await manager.getByRole('checkbox', { name: 'Validator' }).check();
    await manager.getByRole('checkbox', { name: department }).check();
    await manager.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(manager.getByRole('alert').filter({ hasText: 'A department can have one validator only.' })).toBeVisible();
    await expect(manager).toHaveURL(`${site}/users/create`);
    await manager.setViewportSize({ width: 390, height: 844 });
    await manager.goto(`${site}/users`);
    await expect(manager.getByRole('link', { name: 'Vera Validator' })).toBeVisible();
    await expectFitsWindow(manager, 'the users page');
    await manager.context().close();
  });

  let link = '';
  await test.step('the invitation is in the outbox', async () => {
    link = await mailedPasswordLink(browser, HOST, email);
  });

  await test.step('signed out, the colleague sets a password, signs in and lands on Orders', async () => {
    const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New password').fill('a-long-secret-1');
    await page.getByLabel('Repeat the password').fill('a-long-secret-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password is set');
    await page.getByRole('link', { name: 'Go to the shop and sign in' }).click();
    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel(/password/i).fill('a-long-secret-1');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(`${site}/orders`);
    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('status')).toContainText('Reset link invalid');
    await page.context().close();
  });

  await test.step('the super admin finds the colleague on /ycAdmin/users and opens their details with the impersonate action', async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'superadmin@demo.test', { host: HOST });
    await admin.goto(`${site}/ycAdmin/users`);
    await admin.getByLabel('Search by name or e-mail').fill(email);
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('button', { name: 'Act as Vera Validator' })).toBeVisible();
    await expectAccessible(admin);
    await row.getByRole('link', { name: 'Vera Validator' }).click();
    await expect(admin.getByRole('heading', { name: 'Vera Validator', level: 1 })).toBeVisible();
    await expect(admin.getByRole('table', { name: 'Customer accesses' }).getByRole('row').filter({ hasText: COMPANY })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Act as Vera Validator' })).toBeVisible();
    await admin.context().close();
  });

  await test.step('a buyer has no users area, and /users is not theirs', async () => {
    const buyer = await (await browser.newContext()).newPage();
    await signIn(buyer, 'buyer@demo.test', { host: HOST });
    await expect(buyer.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(buyer.getByRole('menuitem', { name: 'Users and departments' })).toHaveCount(0);
    await buyer.goto(`${site}/users`);
    await expect(buyer).toHaveURL(/\/unauthorized$/);
    await buyer.context().close();
  });
});
