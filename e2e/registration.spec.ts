import { expect, test } from '@playwright/test';
import { signIn, siteUrl, uniqueSuffix, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * flows §1 self-registration, §5 Registration, §7 (issue 15 "Proof"), on acme.localhost (English
 * first): the newcomer (a user without any company) answers the wizard at 390 px, one question at a
 * time; a wrong company number is refused with its message, the terms must be accepted, and the
 * wizard promises confirmation within 24 hours. A platform admin finds the registration on
 * /ycAdmin/customer-registrations and validates it; the newcomer signs in again and works for the
 * new company. The e2e server starts on an empty database every run; localhost's newcomer stays
 * without a company for the gating journeys (access.spec.ts).
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);

/** A Belgian company number nobody has: eight digits and their mod-97 check digits, written with dots. */
function freshCompanyNumber(): string {
  const eight = `0${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const digits = `${eight}${String(97 - (Number(eight) % 97)).padStart(2, '0')}`;
  return `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`;
}

test('a newcomer registers a company through the wizard, a platform admin validates it, the newcomer signs in to it', async ({ browser }) => {
  const company = `Registration E2E ${uniqueSuffix()}`;
  const number = freshCompanyNumber();

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, 'newcomer@demo.test', { host: HOST });
  await expect(phone).toHaveURL(/\/registration$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Register your company' })).toBeVisible();

  await test.step('the company number: a wrong one is refused with its message, then the right one', async () => {
    await expect(phone.getByText("What is your company's company number?")).toBeVisible();
    await expectAccessible(phone);
    const field = phone.getByRole('textbox', { name: 'Company number' });
    await field.fill('0412.345.678');
    await phone.getByRole('button', { name: 'Next' }).click();
    await expect(phone.getByText('This is not a valid Belgian company number: check the ten digits (e.g. 0412.345.614).')).toBeVisible();
    await field.fill(number);
    await phone.getByRole('button', { name: 'Next' }).click();
    await expect(phone.getByText('We do not know this company yet. Fill in its details yourself.')).toBeVisible();
    await phone.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('one question at a time: name, employees, address, the user', async () => {
    await phone.getByRole('textbox', { name: 'Company name' }).fill(company);
    await phone.getByRole('textbox', { name: /Legal form/ }).fill('BV');
    await phone.getByRole('button', { name: 'Next' }).click();
    await expect(phone.getByText(`How many people work at ${company}?`)).toBeVisible();
    await phone.getByRole('button', { name: '10 to 49' }).click();
    await phone.getByRole('textbox', { name: 'Street' }).fill('Veldstraat');
    await phone.getByRole('textbox', { name: 'Number' }).fill('12');
    await phone.getByRole('textbox', { name: 'Postcode' }).fill('9000');
    await phone.getByRole('textbox', { name: 'City' }).fill('Gent');
    await phone.getByRole('button', { name: 'Next' }).click();
    await expect(phone.getByRole('textbox', { name: 'First name' })).toHaveValue('Nina');
    await phone.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('the terms must be accepted; the registration is promised within 24 hours', async () => {
    await expect(phone.getByText(`${company} (BE${number.replace(/\./g, '')}), 10 to 49 employees, Veldstraat 12, 9000 Gent`)).toBeVisible();
    await phone.getByRole('button', { name: 'Register' }).click();
    await expect(phone.getByText('Accept the terms and conditions to register.')).toBeVisible();
    // The tenant's own terms, in a tab of their own.
    const terms = phone.getByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' });
    await expect(terms).toHaveAttribute('href', 'https://acme.example/terms');
    await expect(terms).toHaveAttribute('target', '_blank');
    await phone.getByRole('checkbox', { name: "I accept the platform's terms and conditions." }).check();
    await phone.getByRole('button', { name: 'Register' }).click();
    await expect(phone.getByText(`Thank you! We confirm the registration of ${company} within 24 hours.`)).toBeVisible();
    await expectFitsWindow(phone);
    await expectAccessible(phone);
  });

  await test.step('a platform admin validates it on /ycAdmin/customer-registrations', async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'admin@demo.test', { host: HOST, path: '/ycAdmin' });
    await admin.goto(`${site}/ycAdmin/customer-registrations`);
    await expect(admin.getByRole('menuitem', { name: 'Customer registrations' })).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1, name: 'Customer registrations' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(company);
    await admin.getByRole('link', { name: company }).click();
    await expect(admin).toHaveURL(/\/ycAdmin\/customer-registration-details\//);
    await expect(admin.getByText('The platform does not know this company or this e-mail domain yet.')).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Validate' }).click();
    await expect(admin.getByText('Validated: the company was created and the user got a welcome e-mail.')).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Go to the customer' })).toBeVisible();
    await admin.context().close();
  });

  await test.step('the newcomer signs in to the new company', async () => {
    await phone.context().close();
    const again = await (await browser.newContext()).newPage();
    await signIn(again, 'newcomer@demo.test', { host: HOST });
    await expect(again).not.toHaveURL(/\/registration/);
    await expect(again.getByText(company).first()).toBeVisible();
    await again.goto(`${site}/registration`);
    await expect(again).not.toHaveURL(/\/registration/);
    await again.context().close();
  });
});
