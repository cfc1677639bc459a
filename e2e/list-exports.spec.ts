import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { apiCall as call, signedInFor, siteUrl, uniqueSuffix, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * The invoices list exported and paid in bulk (issue 29) on the real server, in English
 * (acme.localhost), on a 390 px phone: the finance user of Acme Logistics NV enters three invoices
 * through the API (one paid at once), filters /invoices down to the two still to pay, sees what they
 * owe, exports the list (the downloaded .xlsx holds just those two, with numbers and dates) and marks
 * both paid at once after a confirmation; the page never scrolls sideways.
 */
const HOST = 'acme.localhost';
const site = siteUrl(HOST);

interface Invoice { id: string; number: string; status: string }

test('finance filters the invoices, exports just those and marks two paid at once, on a phone, in English', async ({ browser }) => {
  const page = await signedInFor(browser, 'finance@demo.test', { host: HOST, company: 'Acme Logistics NV', switchLabel: 'Switch company', acceptDownloads: true });
  await page.setViewportSize({ width: 390, height: 844 });
  const suffix = uniqueSuffix();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
  const enter = async (n: number, priceIncl: string) => (await call<{ result: Invoice }>(page, 'POST', '/invoices/create', {
    dto: { number: `F-${suffix}-${n}`, gcsNumber: `LX-${suffix}-${n}`, supplierName: 'Export Supplies Ltd', priceExcl: '100.00', priceIncl, invoiceDate: today, dueDate: today },
  })).result;
  const [first, second, paid] = [await enter(1, '121.00'), await enter(2, '60.50'), await enter(3, '10.00')];
  expect((await call<{ result: Invoice }>(page, 'POST', '/invoices/update', { dto: { id: paid.id, status: 'payed' } })).result.status).toBe('payed');

  await page.goto(`${site}/invoices`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();

  await test.step('filters the list down to the two still to pay, and sees what they owe', async () => {
    await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'To pay (open and overdue)' }).click();
    await expect(page.getByRole('listitem', { name: first.number })).toBeVisible();
    await expect(page.getByRole('listitem', { name: second.number })).toBeVisible();
    await expect(page.getByRole('listitem', { name: paid.number })).toHaveCount(0);
    const owed = await page.evaluate(() => new Intl.NumberFormat('en-BE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(181.5));
    await expect(page.getByText(`Outstanding: ${owed}`)).toBeVisible();
    await expectFitsWindow(page, 'the invoices page');
    await expectAccessible(page, 'the invoices page at 390 px');
  });

  await test.step('exports the filtered list: the file holds just those two', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Invoices');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['Invoice number', 'Status']);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1));
    expect(rows.map((r) => r[0]).sort()).toEqual([first.number, second.number].sort());
    const row = rows.find((r) => r[0] === second.number)!;
    expect(row[header.indexOf('Amount incl. VAT')]).toBe(60.5);
    expect(row[header.indexOf('Due date')]).toEqual(new Date(`${today}T00:00:00Z`));
    expect(row[header.indexOf('Status')]).toBe('Open');
  });

  await test.step('ticks both and marks them paid at once after a confirmation', async () => {
    await page.getByRole('checkbox', { name: `Select invoice ${first.number} to pay` }).check();
    await page.getByRole('checkbox', { name: `Select invoice ${second.number} to pay` }).check();
    await page.getByRole('button', { name: 'Mark selection as paid (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark 2 invoices as paid?' });
    await expect(dialog).toContainText(first.number);
    await expect(dialog).toContainText(second.number);
    await dialog.getByRole('button', { name: 'Mark 2 invoices as paid' }).click();
    // Paid, they leave the list filtered on what is still to pay.
    await expect(page.getByRole('listitem', { name: first.number })).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: second.number })).toHaveCount(0);
    for (const invoice of [first, second]) {
      expect((await call<{ result: Invoice }>(page, 'GET', `/invoices/by-id?id=${invoice.id}`)).result.status).toBe('payed');
    }
  });
});
