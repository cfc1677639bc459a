import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { featuresOf, line, makeArticle, makeSupplier, setFeatures } from './basket-helpers';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { inflatedPdf, pdfContains, pdfTexts } from './pdf-text';

/**
 * Issue 29, the buyer: GET /v2/orders/{id}/pdf answers the whole order as a PDF to print and archive
 * (number, date, status, company, who ordered, department, delivery address, requested delivery
 * date, budget, each line with its supplier, the totals) in the reader's language, to whoever reads
 * the order, and refuses everyone else exactly as the order itself does.
 */

let t: TestApp;
let customerId: string;
let second: string;
let orderId: string;
let orderNumber: string;

const as = (email: string, extra: Record<string, unknown> = {}) => ({ as: email, customerId, ...extra });
const pdfOf = async (who: Record<string, unknown>) => {
  const answer = await t.call('GET', `/api/v2/orders/${orderId}/pdf`, who);
  expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  return { answer, pdf: inflatedPdf(answer.rawPayload) };
};

beforeAll(async () => {
  t = await startTestApp();
  [customerId, second] = await t.customerIds() as [string, string];
  await setFeatures(t, customerId, [...new Set([...(await featuresOf(t, customerId)), 'budgets'])]);
  const alpha = await makeSupplier(t, { name: 'Alpha Kantoor NV' });
  const beta = await makeSupplier(t, { name: 'Beta Papier BV' });
  const pen = await makeArticle(t, { supplierId: alpha, price: '12.50', stock: null, title: 'Balpen blauw' });
  const paper = await makeArticle(t, { supplierId: beta, price: '4.20', stock: null, title: 'Kopieerpapier A4' });
  const budgetId = ok(await t.call('POST', '/api/budget-setting/create', { ...as('manager@demo.test'), body: { dto: { name: 'Kantoorbudget', period: 'yearly', amount: '10000.00' } } })).result.id;
  ok(await t.call('PUT', '/api/v2/transporters/update', { ...as('buyer@demo.test'), body: { transporter: { transporterLines: [line(pen, 3), line(paper, 10)] } } }));
  const placed = ok(await t.call('POST', '/api/v2/orders/transporter', { ...as('buyer@demo.test'), body: { budgetId } })).result;
  orderId = placed.id;
  orderNumber = placed.orderNumber;
  const department = await t.db.selectFrom('customerDepartments').select('id').where('customerId', '=', customerId).orderBy('name').executeTakeFirstOrThrow();
  await t.db.updateTable('orders').set({ requestedDeliveryDate: '2030-03-15', departmentId: department.id } as never).where('id', '=', orderId).execute();
});
afterAll(async () => { await t?.close(); });

describe('GET /v2/orders/{id}/pdf', () => {
  test('the order with its lines, suppliers, budget, delivery details and totals, offered as <orderNumber>.pdf', async () => {
    const order = ok(await t.call('GET', `/api/v2/orders/${orderId}`, as('buyer@demo.test', { headers: { 'accept-language': 'nl' } }))).result;
    const { answer, pdf } = await pdfOf(as('buyer@demo.test', { headers: { 'accept-language': 'nl' } }));
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${orderNumber}\\.pdf"`));
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texts = [
      orderNumber, 'Balpen blauw', 'Kopieerpapier A4', 'Alpha Kantoor NV', 'Beta Papier BV', 'Kantoorbudget', 'Bert Buyer',
      'Leveradres', 'Gewenste leverdatum', '15 maart 2030', 'Totaal incl. btw', 'Goed te keuren', order.context.departmentName,
    ];
    expect(order.context.departmentName).toBeTruthy();
    expect(texts.filter((text) => !pdfContains(pdf, text))).toEqual([]);
    const company = await t.db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(pdfContains(pdf, company.name)).toBe(true);
    const all = pdfTexts(pdf).join('\n');
    // The lines' totals (3 × 12,50; 10 × 4,20) and the order's, as Belgian amounts.
    expect(all).toMatch(/37,50/);
    expect(all).toMatch(/42,00/);
    expect(all).toMatch(new RegExp(Number(order.totalProductCostExcl).toFixed(2).replace('.', ',')));
    expect(all).toMatch(new RegExp(Number(order.totalCost).toFixed(2).replace('.', ',')));
    const inline = await t.call('GET', `/api/v2/orders/${orderId}/pdf`, as('buyer@demo.test', { query: { inline: 'true' } }));
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  test("in the reader's language: English and French labels and status", async () => {
    const { pdf: english } = await pdfOf(as('buyer@demo.test', { headers: { 'accept-language': 'en' } }));
    for (const text of ['Delivery address', 'Requested delivery date', 'Total incl. VAT', 'Supplier', 'To approve']) expect(pdfContains(english, text), text).toBe(true);
    expect(pdfContains(english, 'Leveradres')).toBe(false);
    const { pdf: french } = await pdfOf(as('buyer@demo.test', { headers: { 'accept-language': 'fr' } }));
    for (const text of ['Adresse de livraison', 'Total TVAC', 'Fournisseur', 'À approuver']) expect(pdfContains(french, text), text).toBe(true);
  });

  test('whoever reads the order reads its PDF: its approver, and a platform admin acting for the company', async () => {
    await pdfOf(as('manager@demo.test'));
    await pdfOf(as('admin@demo.test'));
  });

  test("refused as the order is refused: another company's user, another tenant's user, nobody signed in", async () => {
    const refused = [
      { as: 'manager@demo.test', customerId: second },
      { as: 'buyer@demo.test', host: 'globex.localhost' },
      {},
    ];
    for (const who of refused) {
      const order = await t.call('GET', `/api/v2/orders/${orderId}`, who);
      const pdf = await t.call('GET', `/api/v2/orders/${orderId}/pdf`, who);
      expect(order.statusCode, JSON.stringify(who)).toBeGreaterThanOrEqual(400);
      expect([pdf.statusCode, pdf.json().errorCode], JSON.stringify(who)).toEqual([order.statusCode, order.json().errorCode]);
      expect(pdf.headers['content-type']).not.toBe('application/pdf');
    }
    fails(await t.call('GET', `/api/v2/orders/${orderId}/pdf`, { as: 'manager@demo.test', customerId: second }), 404, 'OrderNotFound');
  });
});
