import { expect, test } from '@playwright/test';
import { signIn, signedInFor, uniqueSuffix, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * flows §1–§9 suppliers, core §2 and §6 (localhost, Dutch): a customer admin creates an own supplier
 * on /supplier/create (free shipping from without a shipping cost refused once with the rule's
 * message), edits it on /supplier/edit/{id}, sets the company's budget reference and the supplier's
 * order PDF on /suppliers/{id}, and finds it on /suppliers; the pages work at 390 px; a buyer
 * (suppliers R only) is sent to /unauthorized from /supplier/create.
 */
const COMPANY = 'Bakkerij Janssens BV';

test('a customer admin creates, edits and files an own supplier; a buyer may not create one', async ({ browser }) => {
  const name = `E2E Leverancier ${uniqueSuffix()}`;
  const page = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });

  // The list, reached from the sidebar; the admin may create.
  await page.getByRole('menuitem').filter({ hasText: /^Leveranciers$/ }).click();
  await expect(page).toHaveURL(/\/suppliers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leveranciers' })).toBeVisible();
  await page.getByRole('link', { name: 'Leverancier aanmaken' }).click();
  await expect(page).toHaveURL(/\/supplier\/create$/);
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Free shipping from without a shipping cost: the rule's message, nothing stored.
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'E-mail leverancier', exact: true }).fill('verkoop@e2e.example');
  await page.getByRole('textbox', { name: 'Gratis verzending vanaf', exact: true }).fill('100');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(/^Ongeldige verzendkosten/)).toBeVisible();
  await expect(page).toHaveURL(/\/supplier\/create$/);
  await page.getByRole('textbox', { name: 'Verzendkosten', exact: true }).fill('7,50');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/suppliers\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Eigen leverancier')).toBeVisible();

  // Edit it.
  await page.getByRole('link', { name: 'Bewerken' }).click();
  await expect(page).toHaveURL(new RegExp(`/supplier/edit/${id}$`));
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Levertijden', exact: true }).fill('48 uur');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(new RegExp(`/suppliers/${id}$`));
  await expect(page.getByText('48 uur')).toBeVisible();

  // The company's budget reference with a department, and the supplier's order PDF.
  const reference = page.getByRole('region', { name: 'Budgetreferentie van je bedrijf' });
  await reference.getByRole('textbox', { name: 'Budgetreferentie', exact: true }).fill('KP-E2E');
  await reference.getByLabel('Afdelingen').click();
  const department = page.getByRole('option').first();
  const departmentName = (await department.textContent())!.trim();
  await department.click();
  await page.keyboard.press('Escape');
  await reference.getByRole('button', { name: 'Budgetreferentie opslaan' }).click();
  await expect(page.getByText('Budgetreferentie opgeslagen.')).toBeVisible();
  const pdf = page.getByRole('region', { name: 'Bestel-pdf' });
  await pdf.getByRole('textbox', { name: 'Koptekst', exact: true }).fill('Bakkerij Janssens — Kerkstraat 1');
  await pdf.getByRole('textbox', { name: 'Bericht aan de leverancier', exact: true }).fill('Levering via de achterdeur.');
  const pdfSaved = page.waitForResponse((r) => r.url().endsWith(`/order-pdf-settings`) && r.request().method() === 'PUT');
  await pdf.getByRole('button', { name: 'Bestel-pdf opslaan' }).click();
  // Saved (the app shows one toast per 5 s, so the budget reference's may still stand for both).
  expect((await pdfSaved).status()).toBe(200);
  await expectAccessible(page);

  // Kept: read again after a reload, at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(reference.getByRole('textbox', { name: 'Budgetreferentie', exact: true })).toHaveValue('KP-E2E');
  await expect(reference.getByText(departmentName)).toBeVisible();
  await expect(pdf.getByRole('textbox', { name: 'Koptekst', exact: true })).toHaveValue('Bakkerij Janssens — Kerkstraat 1');
  await expect(page.getByText('48 uur')).toBeVisible();
  await expectFitsWindow(page);

  // Found in the list (searched, and among the own suppliers only), at 390 px.
  await page.goto(`/suppliers`);
  await page.getByRole('searchbox', { name: 'Zoek op naam, btw-nummer of e-mail', exact: true }).fill(name);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByLabel('Alleen eigen leveranciers').check();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByText('1 leverancier', { exact: true })).toBeVisible();
  await expectFitsWindow(page);
  await expectAccessible(page);
  await page.goto(`/supplier/edit/${id}`);
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toHaveValue(name);
  await expectFitsWindow(page);

  // A buyer reads suppliers but may not create one.
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, 'buyer@demo.test', { path: '/supplier/create' });
  await expect(buyer).toHaveURL(/\/unauthorized$/);
});
