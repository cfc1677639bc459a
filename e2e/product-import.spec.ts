import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { signedInFor, uniqueSuffix } from './actions';
import { expectAccessible } from './axe';
import { png } from './png';

/**
 * Issue 28's customer admin with a spreadsheet (localhost, Dutch): a .csv of two lines, one of them
 * faulty, is checked first (the faulty line shown with its column and problem, nothing written), then
 * imported as a background job whose progress ends on the page; only the good line becomes an
 * article. The article gets an image on its images tab, and the list, filtered to it, exports to an
 * .xlsx that holds just that line.
 */
const COMPANY = 'Bakkerij Janssens BV';
/** A platform supplier every demo company may buy from (src/server/demo/catalogue-data.ts EXTRA_SUPPLIERS). */
const SUPPLIER = 'Bruneau';

test('a customer admin imports a spreadsheet with one bad line (shown, not written), gives the article an image and exports the list', async ({ browser }) => {
  const suffix = uniqueSuffix();
  const good = { number: `E2E-IMP-${suffix}`, title: `E2E Importpapier ${suffix}` };
  const bad = `E2E-IMP-BAD-${suffix}`;
  const page = await signedInFor(browser, 'manager@demo.test', { company: COMPANY, switchLabel: 'Wissel van bedrijf' });
  await page.getByRole('menuitem').filter({ hasText: /^Productbeheer$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Productbeheer' })).toBeVisible();

  await test.step('the preview shows the faulty line with its column; only the good one is imported', async () => {
    await page.getByRole('button', { name: 'Importeren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Artikelen importeren uit een spreadsheet' });
    const csv = ['articleNumberSupplier;supplier;title_nl;price;stock', `${good.number};${SUPPLIER};${good.title};3.50;10`, `${bad};${SUPPLIER};;2,5x;5`].join('\r\n');
    await dialog.getByLabel('Spreadsheet met artikelen (.xlsx of .csv)').setInputFiles({ name: 'artikelen.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`) });
    await expect(dialog.getByText(/artikelen\.csv: 2 lijnen, 1 in orde/)).toBeVisible();
    const errors = dialog.getByRole('table', { name: 'Lijnen met fouten: die worden niet geïmporteerd' });
    await expect(errors.getByRole('row').filter({ hasText: 'title_nl' })).toContainText('3');
    await expect(errors.getByRole('row').filter({ hasText: 'price' })).toContainText('3');
    await expectAccessible(page, 'the import preview');
    await dialog.getByRole('button', { name: '1 geldige lijn importeren' }).click();
    await expect(dialog.getByText('De import is klaar.')).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByText(/1 aangemaakt/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
  });

  const search = page.getByRole('searchbox', { name: 'Artikelnummer leverancier' });
  const rows = page.getByRole('table', { name: 'Productbeheer' }).getByRole('row');
  await test.step('the list has the good line, not the faulty one', async () => {
    await search.fill(bad);
    await expect(page.getByText('0 artikelen', { exact: true })).toBeVisible();
    await search.fill(good.number);
    await expect(rows.filter({ hasText: good.title })).toHaveCount(1);
  });

  await test.step('the imported article gets an image on its images tab', async () => {
    await page.getByRole('link', { name: good.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: good.title })).toBeVisible();
    await page.getByRole('tab', { name: 'Afbeeldingen' }).click();
    const uploaded = page.waitForResponse((r) => /\/api\/product-management\/[0-9a-f-]{36}\/images$/.test(r.url()));
    await page.getByLabel('Kies een afbeelding om toe te voegen').setInputFiles({ name: 'papier.png', mimeType: 'image/png', buffer: png(20, 12, [30, 90, 200]) });
    expect((await uploaded).status()).toBe(200);
    const main = page.getByRole('img', { name: `${good.title}, afbeelding 1` });
    await expect(main).toHaveAttribute('src', /^\/api\/article-images\/[0-9a-f-]{36}$/);
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: 'the uploaded image is drawn' }).toBe(20);
  });

  await test.step('the list filtered to the article exports to an .xlsx with that one line', async () => {
    await page.getByRole('link', { name: 'Productbeheer' }).click();
    await search.fill(good.number);
    await expect(rows.filter({ hasText: good.title })).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren (.xlsx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const numberColumn = header.indexOf('articleNumberSupplier') + 1;
    const titleColumn = header.indexOf('title_nl') + 1;
    expect(sheet.actualRowCount).toBe(2);
    expect(String(sheet.getRow(2).getCell(numberColumn).value)).toBe(good.number);
    expect(String(sheet.getRow(2).getCell(titleColumn).value)).toBe(good.title);
  });
});
