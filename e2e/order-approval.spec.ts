import { expect, test, type Browser, type Page } from '@playwright/test';
import { siteUrl, apiCall as call, signIn, signedInFor, expectFitsWindow } from './actions';

/**
 * flows §4 on the real server, in French (globex.localhost): Globex Services SA asks finance to
 * approve orders from EUR 1,000 excluding VAT (the demo seed). The buyer orders through the API;
 * the manager (admin and validator) follows the link of the "waiting for your approval" mail on a
 * phone, signs in and approves, which sends the large order to finance; the finance user approves
 * it; a small order is rejected with a reason. The buyer sees the outcome and no decision buttons;
 * each step is in the order's history. Last, an order above the tender limit is refused.
 */
const HOST = 'globex.localhost';
const site = siteUrl(HOST);
const COMPANY = 'Globex Services SA';

interface Article { id: string; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean }

const signedIn = (browser: Browser, email: string) => signedInFor(browser, email, { host: HOST, company: COMPANY, switchLabel: "Changer d'entreprise" });

/** Fills the buyer's basket with `atLeast` euros or more (excl. VAT) of one orderable article. */
async function fillBasket(buyer: Page, atLeast: number): Promise<void> {
  const items = (await call<{ result: { items: Article[] } }>(buyer, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items;
  const article = items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && a.stock === null && Number(a.price) >= 5)
    ?? items.find((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && (a.stock ?? 0) >= Math.ceil(atLeast / Number(a.price)) && Number(a.price) >= 5);
  expect(article, 'an orderable demo article').toBeTruthy();
  const amount = Math.max(1, Math.ceil(atLeast / Number(article!.price)));
  await call(buyer, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [{ amount, transporterArticle: { id: article!.id } }] } });
}

/** The buyer orders `atLeast` euros or more (excl. VAT) of one article; answers the order's id and number. */
async function placeOrder(buyer: Page, atLeast: number): Promise<{ id: string; orderNumber: string }> {
  await fillBasket(buyer, atLeast);
  const placed = await call<{ result?: { id: string; orderNumber: string; status: string }; errorCode?: string }>(buyer, 'POST', '/v2/orders/transporter', {});
  expect(placed.errorCode, JSON.stringify(placed)).toBeUndefined();
  expect(placed.result!.status).toBe('toApprove');
  return placed.result!;
}

const statusFact = (page: Page) => page.locator('dt', { hasText: /^Statut$/ }).locator('xpath=following-sibling::dd[1]');
/** The order's history: its tab opened (the status tab's facts are then hidden; statusFact opens that tab again). */
async function history(page: Page) {
  await page.getByRole('tab', { name: 'Historique' }).click();
  return page.getByRole('list', { name: 'Historique' }).getByRole('listitem');
}

test('an order above the finance threshold: the validator approves, finance approves; a small one is rejected with a reason', async ({ browser }) => {
  const buyer = await signedIn(browser, 'buyer@demo.test');
  const large = await placeOrder(buyer, 1000);
  const small = await placeOrder(buyer, 5);

  await test.step('the buyer sees their order waiting, without decision buttons', async () => {
    await buyer.goto(`${site}/order-detail/${large.id}`);
    await expect(statusFact(buyer)).toHaveText('À approuver');
    await expect(buyer.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
    await expect(await history(buyer)).toHaveCount(1);
  });

  const manager = await signedIn(browser, 'manager@demo.test');
  await test.step('the mail "waiting for your approval" opens the decision on a phone, after sign-in; above the threshold the order goes to finance', async () => {
    await manager.goto(`${site}/order-detail/${large.id}`);
    await expect(manager.getByRole('heading', { name: 'Décision' })).toBeVisible();
    // The menu's approval inbox says how many orders wait for the manager; one fewer once this one is decided.
    const waiting = async () => {
      const text = await manager.getByRole('menuitem', { name: /^À approuver/ }).innerText();
      return Number(/\((\d+) vous attend/.exec(text.replace(/\s+/g, ' '))?.[1] ?? 0);
    };
    await expect.poll(waiting).toBeGreaterThan(0);
    const before = await waiting();

    // The link of the mail to the manager, as the platform admin reads it in the outbox.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'admin@demo.test', { host: HOST });
    let link = '';
    await expect.poll(async () => {
      const found = await call<{ result: { items: { recipient: string; kind: string; text: string | null }[] } }>(admin, 'POST', '/admin/mail-outbox/query', { query: { search: large.orderNumber, take: 20 } });
      const mail = found.result.items.find((m) => m.kind === 'orderWaitingForApproval' && m.recipient === 'manager@demo.test');
      link = /https?:\/\/\S+\/order-detail\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    }, { timeout: 20_000 }).toContain(`/order-detail/${large.id}?company=`);
    await admin.context().close();

    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    const url = new URL(link);
    await signIn(phone, 'manager@demo.test', { host: url.hostname, path: url.pathname + url.search });
    await expect(phone).toHaveURL(new RegExp(`/order-detail/${large.id}$`));
    await expect(phone.getByRole('heading', { name: 'Décision' })).toBeVisible();
    await expectFitsWindow(phone, 'the decision page');
    await phone.getByRole('button', { name: 'Approuver' }).click();
    await expect(phone.getByText("La commande est approuvée et attend maintenant l'approbation des finances.")).toBeVisible();
    await expect(statusFact(phone)).toHaveText('Approbation financière');
    await expect(phone.getByRole('button', { name: 'Approuver' })).toHaveCount(0);
    await phone.context().close();

    await manager.reload();
    await expect(statusFact(manager)).toHaveText('Approbation financière');
    const managerHistory = await history(manager);
    await expect(managerHistory).toHaveCount(2);
    await expect(managerHistory.nth(1)).toContainText('Statut modifié → Approbation financière');
    // At least one fewer: journeys beside this one (supplier orders) approve the same manager's orders of this tenant meanwhile.
    await expect.poll(waiting, { timeout: 20_000 }).toBeLessThanOrEqual(before - 1);
  });

  await test.step('finance approves', async () => {
    const finance = await signedIn(browser, 'finance@demo.test');
    await finance.goto(`${site}/order-detail/${large.id}`);
    await finance.getByRole('button', { name: 'Approuver' }).click();
    await expect(statusFact(finance)).toHaveText('Approuvée');
    const financeHistory = await history(finance);
    // The decision is the third step; the job that sends the supplier orders may already have added its own.
    await expect(financeHistory.nth(2)).toContainText('Approuvée');
    expect(await financeHistory.count()).toBeGreaterThanOrEqual(3);
  });

  await test.step('the manager rejects the small order: the reason is required and kept', async () => {
    await manager.goto(`${site}/order-detail/${small.id}`);
    await manager.getByRole('button', { name: 'Refuser' }).click();
    const dialog = manager.getByRole('dialog', { name: `Refuser la commande ${small.orderNumber}` });
    await dialog.getByRole('button', { name: 'Refuser' }).click();
    await expect(dialog.getByText('Ce champ est obligatoire.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Motif du refus/ }).fill('Déjà commandé via le contrat cadre');
    await dialog.getByRole('button', { name: 'Refuser' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusFact(manager)).toHaveText('Refusée');
    await expect(manager.locator('dd', { hasText: 'Déjà commandé via le contrat cadre' })).toBeVisible();
  });

  await test.step('the buyer reads the outcome and the reason', async () => {
    await buyer.goto(`${site}/order-detail/${small.id}`);
    await expect(statusFact(buyer)).toHaveText('Refusée');
    await expect((await history(buyer)).last()).toContainText('Déjà commandé via le contrat cadre');
  });

  await test.step('above the tender limit (EUR 30,000 per supplier) the order is refused, naming the supplier and its total', async () => {
    await fillBasket(buyer, 30_001);
    const refused = await call<{ errorCode?: string; details?: { rule: string; params?: { supplier?: string; total?: string } }[] }>(buyer, 'POST', '/v2/orders/transporter', {});
    expect(refused.errorCode, JSON.stringify(refused)).toBe('TenderLimitExceeded');
    const over = refused.details!.find((d) => d.rule === 'TenderLimitExceeded')!.params!;
    expect(Number(over.total)).toBeGreaterThan(30_000);
    await buyer.goto(`${site}/transporter`);
    await buyer.getByRole('button', { name: 'Passer la commande' }).click();
    const problems = buyer.getByRole('alert', { name: 'Votre commande ne peut pas encore être passée' });
    const line = problems.getByRole('listitem').filter({ hasText: over.supplier! });
    await expect(line).toContainText('30');
    // The total as the interface writes amounts (fr-BE: 31 250,00 €), digits compared without the separators.
    const digits = (await line.innerText()).replace(/\D/g, '');
    expect(digits).toContain(Number(over.total).toFixed(2).replace('.', ''));
    await expect(buyer).toHaveURL(/\/transporter$/);
  });
});

/** A text of the admin area in any of its languages: a parallel journey switches this admin's language (locale-formats). */
const inAnyLanguage = (...texts: string[]) => new RegExp(`^(${texts.join('|')})$`);

test('a platform admin rejects an order waiting for approval on its admin page, which shows the order as its company sees it, for the customer', async ({ browser }) => {
  const buyer = await signedIn(browser, 'buyer@demo.test');
  const order = await placeOrder(buyer, 5);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.test', { host: HOST, path: `/ycAdmin/orders/${order.id}` });
  const decision = admin.getByRole('region', { name: inAnyLanguage('Décision', 'Beslissing', 'Decision') });
  const reject = inAnyLanguage('Refuser', 'Afkeuren', 'Reject');
  // the admin area and its screens are lazy chunks; the company's page of the order: its tabs, its PDF, and the way back to the admin's list
  await expect(admin.getByRole('tab', { name: inAnyLanguage('Historique', 'Historiek', 'History') })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole('button', { name: inAnyLanguage('Télécharger le PDF', 'PDF downloaden', 'Download PDF') })).toBeVisible();
  await expect(admin.getByRole('link', { name: inAnyLanguage('Retour à toutes les commandes', 'Terug naar alle bestellingen', 'Back to all orders') })).toHaveAttribute('href', '/ycAdmin/orders');
  // One page, one level-1 heading: the order's number (the header's title is not a second one).
  await expect(admin.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(order.orderNumber!);
  await decision.getByRole('button', { name: reject }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Motif du refus|Reden van afkeuring|Reason for rejection/ }).fill('Commandé deux fois');
  await dialog.getByRole('button', { name: reject }).click();
  await expect(dialog).toBeHidden();
  // the status beside the number and among the order's facts
  await expect(admin.getByText(inAnyLanguage('Refusée', 'Afgekeurd', 'Rejected')).first()).toBeVisible();
  await expect(admin.getByText('Commandé deux fois')).toBeVisible();
  await expect(decision).toHaveCount(0);
});
