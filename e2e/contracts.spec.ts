import { expect, test, type Page } from '@playwright/test';
import { apiCall as call, signedInFor, siteUrl, uniqueSuffix, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * Issue 15 "Proof" (contracts), on the real server (localhost, Dutch): a customer admin configures the
 * company's contract layout with an extra select field and a mandatory attachment field (a duplicate
 * name is refused), creates a contract with an extension — each date rule refused once with its
 * message, the mandatory attachment too — and finds it on /contracts by the extra field. At 390 px
 * the list, the contract and the form work without sideways scrolling, and axe finds no serious
 * violation.
 */
const site = siteUrl('localhost');
const COMPANY = 'Bakkerij Janssens BV';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

async function typeDate(scope: Page | ReturnType<Page['locator']>, page: Page, label: RegExp, value: string, nth = 0) {
  await scope.getByRole('group', { name: label }).nth(nth).getByRole('spinbutton').first().click();
  await page.keyboard.type(value.replace(/\D/g, ''));
}

test('a customer admin configures the contract layout, creates a contract with an extension and finds it by its extra field', async ({ browser }) => {
  const page = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });
  const risk = `Risico ${uniqueSuffix()}`;
  const title = `Onderhoud liften ${uniqueSuffix()}`;

  await test.step('configures the layout: a select in Extra, a mandatory attachment field, the extension and the cancellation date', async () => {
    // From an empty layout (the demo company starts with one).
    await call(page, 'PUT', '/contracts/layout', { fields: [] });
    await page.goto(`${site}/contract-configuration`);
    await expect(page.getByRole('heading', { name: 'Contractconfiguratie', level: 1 })).toBeVisible();
    const add = async (group: string, name: string, type: string, required = false) => {
      await page.getByRole('button', { name: `Veld toevoegen aan ${group}` }).click();
      const field = page.getByRole('group', { name: 'Nieuw veld' }).last();
      await field.getByRole('combobox', { name: 'Soort' }).click();
      await page.getByRole('option', { name: type, exact: true }).click();
      if (required) await field.getByRole('checkbox', { name: 'Verplicht' }).check();
      await field.getByRole('textbox', { name: 'Naam van het veld' }).fill(name);
      return page.getByRole('group', { name, exact: true });
    };
    const select = await add('Extra', risk, 'Keuzelijst', true);
    await select.getByRole('textbox', { name: 'Keuzes' }).fill('Laag\nHoog');
    await add('Algemeen', 'Getekend contract', 'Bijlagen', true);
    await add('Algemeen', 'Verlenging', 'Verlenging');
    await add('Algemeen', 'Opzegdatum', 'Uiterste opzegdatum');
    // The same name again (in another case) is refused before saving.
    const dup = await add('SLA', risk.toUpperCase(), 'Tekstveld');
    await expect(page.getByText('Twee velden kunnen niet dezelfde naam hebben.').first()).toBeVisible();
    await dup.getByRole('button', { name: `${risk.toUpperCase()} verwijderen`, exact: true }).click();
    await page.getByRole('button', { name: 'Indeling opslaan' }).click();
    await expect(page.getByText('De indeling is opgeslagen.')).toBeVisible();
    const saved = await call<{ fields: { name: string; type: string; required: boolean }[] }>(page, 'GET', '/contracts/layout');
    expect(saved.fields).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: risk, type: 'select', required: true }),
      expect.objectContaining({ name: 'Getekend contract', type: 'attachments', required: true }),
    ]));
  });

  await test.step('creates a contract with an extension: each date rule refused once with its message', async () => {
    await page.goto(`${site}/contracts/create`);
    await expect(page.getByRole('heading', { name: 'Contract aanmaken', level: 1 })).toBeVisible();
    await page.getByLabel(/^Titel/).fill(title);
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Actief', exact: true }).click();
    await page.getByRole('combobox', { name: /^Leverancier/ }).click();
    await page.getByRole('option').nth(1).click();
    await typeDate(page, page, /^Startdatum/, '01/01/2030');
    await typeDate(page, page, /^Einddatum/, '31/12/2029');
    await typeDate(page, page, /^Opzegdatum/, '15/01/2032');
    await page.getByRole('button', { name: 'Toevoegen' }).first().click();
    await typeDate(page, page, /^Einddatum/, '30/06/2030', 1);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De einddatum moet na de startdatum liggen.')).toBeVisible();
    await expect(page.getByText('Dit bijlageveld is verplicht.')).toBeVisible();
    await expect(page.getByText('Vul alle verplichte velden in.')).toBeVisible();

    await typeDate(page, page, /^Einddatum/, '31/12/2030');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De einddatum van een verlenging moet na de einddatum van het contract en van de vorige verlenging liggen.')).toBeVisible();
    await expect(page.getByText('Een verlenging heeft een geraamd budget nodig.')).toBeVisible();

    await typeDate(page, page, /^Einddatum/, '31/12/2031', 1);
    await page.getByLabel(/^Geraamd budget/).fill('12000');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De uiterste opzegdatum moet binnen het contract (of de verlenging) liggen.')).toBeVisible();
    await typeDate(page, page, /^Opzegdatum/, '01/10/2031');

    // A day that does not exist is refused as an invalid date.
    await typeDate(page, page, /^Startdatum/, '31/02/2030');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Ongeldige datum (DD/MM/JJJJ).')).toBeVisible();
    await typeDate(page, page, /^Startdatum/, '01/01/2030');

    await page.getByRole('combobox', { name: new RegExp(`^${risk}`) }).click();
    await page.getByRole('option', { name: 'Hoog', exact: true }).click();
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'getekend contract.pdf', mimeType: 'application/pdf', buffer: pdf(title) });
    await expect(page.getByText(/getekend contract\.pdf/)).toBeVisible();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('getekend contract.pdf')).toBeVisible();
  });

  await test.step('finds the contract on /contracts by the extra field', async () => {
    await page.goto(`${site}/contracts`);
    await expect(page.getByRole('heading', { name: 'Contracten', level: 1 })).toBeVisible();
    const filter = page.getByRole('combobox', { name: risk });
    await filter.click();
    await page.getByRole('option', { name: 'Laag', exact: true }).click();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await filter.click();
    await page.getByRole('option', { name: 'Hoog', exact: true }).click();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('at 390 px the list, the contract and its form work', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site}/contracts`);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expectFitsWindow(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Bewerken' }).click();
    await expect(page.getByRole('heading', { name: 'Contract bewerken', level: 1 })).toBeVisible();
    await expect(page.getByLabel(/^Titel/)).toHaveValue(title);
    await expectFitsWindow(page);
    await page.goto(`${site}/contract-configuration`);
    await expect(page.getByRole('group', { name: risk })).toBeVisible();
    await expectFitsWindow(page);
  });
});
