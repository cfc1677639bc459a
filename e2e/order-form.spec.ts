import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, siteUrl, uniqueSuffix } from './actions';

/**
 * Orders that are not from the basket, in Dutch (localhost): Bakkerij Janssens BV has the order
 * form, the order request and budgets (the demo seed), and buyer@demo.test is a member of one of its
 * departments. The order form with three quotes, each with its PDF uploaded as it is chosen and one
 * of them chosen, becomes an order waiting for its budgets and then its approval, showing the
 * quotes; changing a filled-in supplier e-mail asks first. An order request without an amount
 * waits as incomplete until the buyer adds the amount on the order's page.
 */
const site = siteUrl();

/** A small PDF (what the server checks is its first bytes). */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

const statusFact = (page: Page) => page.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');

async function fillQuote(quote: Locator, n: number, price: string) {
  await quote.getByRole('combobox', { name: /^Leverancier/ }).fill(`Drukkerij ${n}`);
  await quote.getByRole('textbox', { name: /^E-mail leverancier/ }).fill(`offerte${n}@drukkerij.example`);
  await quote.getByRole('textbox', { name: /^Prijs excl\. btw/ }).fill(price);
  await quote.locator('input[type="file"]').setInputFiles({ name: `offerte-${n}.pdf`, mimeType: 'application/pdf', buffer: pdf(`offerte ${n}`) });
  await expect(quote.getByText(`Opgeladen: offerte-${n}.pdf`)).toBeVisible();
}

test('an order form with three quotes becomes an order waiting for approval; an order request is completed into one', async ({ page }) => {
  const what = `Folders opendeur ${uniqueSuffix()}`;
  await signIn(page, 'buyer@demo.test');

  await test.step('the order form: what is needed and three quotes, one chosen', async () => {
    await page.goto(`${site}/order-form`);
    // The page's code arrives in several waves of modules (over 20 s on a loaded machine).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: 'Bestelformulier' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Omschrijving/ }).fill(`${what}\n500 stuks, A5, recto verso`);
    // The buyer's one department is chosen for them.
    await expect(page.getByRole('combobox', { name: /^Afdeling/ })).toHaveText('Aankoop');

    const quotes = [1, 2, 3].map((n) => page.getByRole('region', { name: `Offerte ${n}` }));
    await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
    await expect(page.getByText('Vul de gemarkeerde velden in.')).toBeVisible();
    await expect(page.getByText('Kies de offerte waarmee je bestelt.', { exact: true })).toBeVisible();

    await fillQuote(quotes[0]!, 1, '240,00');
    await fillQuote(quotes[1]!, 2, '199,50');
    await fillQuote(quotes[2]!, 3, '260');
    await quotes[1]!.getByRole('radio', { name: 'Deze offerte kiezen' }).check();

    // A filled-in e-mail address changes only once confirmed.
    const email = quotes[0]!.getByRole('textbox', { name: /^E-mail leverancier/ });
    await email.fill('verkoop@drukkerij.example');
    await email.blur();
    const dialog = page.getByRole('dialog', { name: 'E-mailadres wijzigen?' });
    await expect(dialog).toContainText('offerte1@drukkerij.example');
    await dialog.getByRole('button', { name: 'Behouden' }).click();
    await expect(email).toHaveValue('offerte1@drukkerij.example');
    await email.fill('verkoop@drukkerij.example');
    await email.blur();
    await dialog.getByRole('button', { name: 'Wijzigen' }).click();
    await expect(email).toHaveValue('verkoop@drukkerij.example');
  });

  await test.step('sent, it is an order of the chosen quote that waits for its budgets, with every quote on its page', async () => {
    await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
    await page.waitForURL(/\/order-detail\/[0-9a-f-]{36}$/);
    await expect(statusFact(page)).toHaveText('Budget goed te keuren');
    await expect(page.getByText(what).first()).toBeVisible();
    const quotes = page.getByRole('table', { name: 'Offertes' });
    await expect(quotes.getByRole('row')).toHaveCount(4);
    const chosen = quotes.getByRole('row').filter({ hasText: 'Gekozen offerte' });
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toContainText('Drukkerij 2');
    await expect(quotes.getByRole('row').filter({ hasText: 'Drukkerij 1' })).toContainText('verkoop@drukkerij.example');
    await expect(page.getByRole('region', { name: 'Bestanden van de bestelling' }).getByRole('button', { name: /offerte-2\.pdf/ })).toBeVisible();
    const download = page.waitForEvent('download');
    await chosen.getByRole('button', { name: /offerte-2\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('offerte-2.pdf');
  });

  await test.step('an order request without an amount is incomplete until the buyer adds it', async () => {
    await page.goto(`${site}/order-request`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestelaanvraag' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Wat heb je nodig/ }).fill(`Koffiemachine refter ${uniqueSuffix()}`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: pdf('brochure') });
    await expect(page.getByText('Opgeladen: brochure.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await page.waitForURL(/\/order-detail\/[0-9a-f-]{36}$/);
    await expect(statusFact(page)).toHaveText('Onvolledig');
    const complete = page.getByRole('region', { name: 'Bedrag aanvullen' });
    await complete.getByRole('textbox', { name: /^Geschat bedrag/ }).fill('850,00');
    await complete.getByRole('button', { name: 'Aanvullen' }).click();
    await expect(statusFact(page)).toHaveText('Budget goed te keuren');
    await expect(complete).toHaveCount(0);
  });
});
