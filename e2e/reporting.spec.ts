import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall as call, signIn, siteUrl, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * flows §1 /reporting, §5 Reports on the real server (localhost, Dutch): the customer admin
 * (manager@demo.test) opens /reporting and sees the figures of the company's demo orders; a start
 * after the end is refused with its message; a period shows its own figures; an export is requested,
 * the exports.run job mails the spreadsheet, the request shows as mailed and the platform admin
 * finds the mail in the outbox with the .xlsx, whose order rows are the report's, and the tenant's
 * figures on /ycAdmin/reporting; at 390 px the page works and passes axe.
 */
const site = siteUrl('localhost');

interface Report { period: { startDate: string | null; endDate: string | null }; orders: { count: number; totalExcl: string } }
interface Mail { id: string; recipient: string; subject: string; kind: string; status: string; attachments: { fileName: string; contentType: string }[] }

const figure = (page: Page, label: string) => page.locator('dl div, dl .MuiPaper-root').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

test('a customer admin reads the reports of a period, exports them and receives the spreadsheet by mail; at 390 px too', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'manager@demo.test', { path: '/reporting' });
  await expect(page.getByRole('heading', { name: 'Rapportering', level: 1 })).toBeVisible();
  const all = (await call<{ result: Report }>(page, 'POST', '/reports/query', {})).result;
  expect(all.orders.count).toBeGreaterThan(0);

  await test.step('all data: the server’s figures', async () => {
    await expect(page.getByRole('status').filter({ hasText: 'Periode: alle gegevens' })).toBeVisible();
    await expect(figure(page, 'Aantal bestellingen')).toHaveText(String(all.orders.count));
    await expect(page.getByRole('table', { name: 'Uitgaven per leverancier' })).toBeVisible();
  });

  await test.step('a start after the end is refused with its message', async () => {
    await page.getByTestId('report-start').fill('2031-02-01');
    await page.getByTestId('report-end').fill('2031-01-01');
    await page.getByRole('button', { name: 'Toon' }).click();
    await expect(page.getByRole('alert')).toHaveText('De startdatum mag niet na de einddatum liggen.');
  });

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  let period: Report;
  await test.step('a period: only a start runs up to today', async () => {
    period = (await call<{ result: Report }>(page, 'POST', '/reports/query', { startDate: yearAgo })).result;
    await page.getByTestId('report-start').fill(yearAgo);
    await page.getByTestId('report-end').fill('');
    await page.getByRole('button', { name: 'Toon' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /Periode: vanaf .* tot en met / })).toBeVisible();
    await expect(figure(page, 'Aantal bestellingen')).toHaveText(String(period.orders.count));
    // The charts arrive in their own chunk.
    await expect(page.getByRole('figure', { name: 'Bestellingen per maand (excl. btw)' }).locator('svg').first()).toBeVisible();
  });

  await test.step('an export is requested, built and mailed', async () => {
    await page.getByRole('button', { name: 'Export aanvragen' }).click();
    await expect(page.getByText('Je export staat in de wachtrij. Je krijgt hem per e-mail.')).toBeVisible();
    const request = page.getByTestId('export-request').first();
    await expect(request).toBeVisible();
    await expect(request.getByText('Gemaild')).toBeVisible({ timeout: 60_000 });
  });

  await test.step('the outbox has the mail with the spreadsheet; its order rows are the report’s', async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'superadmin@demo.test', { path: '/ycAdmin/mail-outbox' });
    const found = await call<{ result: { items: Mail[] } }>(admin, 'POST', '/admin/mail-outbox/query', { query: { kind: 'reportExport', take: 20 } });
    const mail = found.result.items.find((m) => m.recipient === 'manager@demo.test');
    expect(mail).toMatchObject({ status: 'sent', kind: 'reportExport' });
    expect(mail!.subject).toMatch(/^Je export van /);
    const base64 = await admin.evaluate(async (id) => {
      let token = '';
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        if (key.startsWith('oidc.user:')) token = JSON.parse(localStorage.getItem(key)!).access_token;
      }
      const response = await fetch(`/api/admin/mail-outbox/${id}/attachments/0`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    }, mail!.id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Bestellingen', 'Leveranciersbestellingen', 'Leveringen', 'Leveranciers']);
    expect(book.getWorksheet('Bestellingen')!.actualRowCount).toBe(period.orders.count + 1);

    // The platform admin's reports (/ycAdmin/reporting), from the admin menu: every customer of the tenant.
    await admin.getByRole('menuitem', { name: 'Rapportering' }).click();
    await expect(admin.getByRole('heading', { name: 'Rapportering', level: 1 })).toBeVisible();
    const tenantWide = (await call<{ result: Report }>(admin, 'POST', '/admin/reports/query', {})).result;
    await expect(figure(admin, 'Aantal bestellingen')).toHaveText(String(tenantWide.orders.count));
    await admin.close();
  });

  await test.step('at 390 px the page works and passes axe', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site}/reporting`);
    await expect(page.getByRole('heading', { name: 'Rapportering', level: 1 })).toBeVisible();
    await expect(figure(page, 'Aantal bestellingen')).toHaveText(String(all.orders.count));
    await expect(page.getByRole('button', { name: 'Export aanvragen' })).toBeVisible();
    await expectFitsWindow(page);
    await expectAccessible(page);
  });
});
