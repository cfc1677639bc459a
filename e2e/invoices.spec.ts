import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCall as call, signIn, siteUrl, uniqueSuffix } from './actions';

/**
 * flows §2 /invoices, §5 Invoices, §7 on the real server (localhost, Dutch): the finance user enters
 * an invoice through the API, finds it on /invoices (the sidebar counts what is to pay), uploads its
 * PDF, downloads it again and marks it paid; a PDF over 20 MB is refused with the translated message
 * (core §5 Invoice.maxMBFile) and nothing changes. The big file is made in memory, never on disk.
 */
const site = siteUrl('localhost');

interface Invoice { id: string; number: string; status: string; fileName: string | null; blobName?: string | null }

const pdf = (text: string, size = 0) => {
  const head = Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  if (size <= head.length) return head;
  const big = Buffer.alloc(size, 0x20);
  head.copy(big);
  return big;
};

test('finance uploads an invoice PDF, downloads it and marks the invoice paid; a PDF over 20 MB is refused', async ({ browser }) => {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, 'finance@demo.test', { path: '/invoices' });
  const number = `F-E2E-${uniqueSuffix()}`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
  const created = await call<{ result: Invoice }>(page, 'POST', '/invoices/create', {
    dto: { number, supplierName: 'Papier NV', priceExcl: '100.00', priceIncl: '121.00', invoiceDate: today, dueDate: today, remarks: 'E2E' },
  });
  expect(created.result).toMatchObject({ number, status: 'open' });
  const invoiceId = created.result.id;

  await page.goto(`${site}/invoices`);
  await expect(page.getByRole('heading', { name: 'Facturen', level: 1 })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Facturen \(\d+ te betalen\)/ })).toBeVisible();
  const card = page.getByRole('listitem', { name: number });
  await expect(card).toBeVisible();
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByText('Nog geen PDF')).toBeVisible();

  await test.step('uploads the PDF and downloads it again', async () => {
    const bytes = pdf(number);
    await card.locator('input[type="file"]').setInputFiles({ name: 'factuur maart.pdf', mimeType: 'application/pdf', buffer: bytes });
    await expect(card.getByText('PDF: factuur maart.pdf')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'PDF downloaden' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('factuur maart.pdf');
    expect(await readFile((await download.path())!)).toEqual(bytes);
  });

  await test.step('a PDF over 20 MB is refused with the translated message; nothing changes', async () => {
    const before = (await call<{ result: Invoice }>(page, 'GET', `/invoices/by-id?id=${invoiceId}`)).result;
    await card.locator('input[type="file"]').setInputFiles({ name: 'groot.pdf', mimeType: 'application/pdf', buffer: pdf('groot', 20 * 1024 * 1024 + 1) });
    await expect(card.getByRole('alert')).toHaveText('Het bestand mag hoogstens 20 MB groot zijn.');
    await expect(card.getByText('PDF: factuur maart.pdf')).toBeVisible();
    const after = (await call<{ result: Invoice }>(page, 'GET', `/invoices/by-id?id=${invoiceId}`)).result;
    expect(after).toMatchObject({ fileName: 'factuur maart.pdf', blobName: before.blobName });
  });

  await test.step('marks the invoice paid', async () => {
    await card.getByRole('button', { name: 'Markeer als betaald' }).click();
    // No toast is awaited: at most one shows per 5 s (core §4), and on a quick run the upload's
    // still holds that window. The card says it.
    await expect(card.getByText('Betaald', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Betaling ongedaan maken' })).toBeVisible();
    expect((await call<{ result: Invoice }>(page, 'GET', `/invoices/by-id?id=${invoiceId}`)).result.status).toBe('payed');
  });
});
