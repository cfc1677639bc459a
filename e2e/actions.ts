import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

export const DEMO_PASSWORD = 'demo';

/** The site of one tenant (Chromium resolves *.localhost to loopback). */
export const siteUrl = (host = 'localhost') => `http://${host}:${E2E_PORT}`;

/**
 * Nothing on the page is wider than its window: no sideways scrolling (wide tables scroll in their
 * own box). Asked until it holds, because a page draws itself anew after a resize or a late answer,
 * some frames after the window took its width.
 */
export async function expectFitsWindow(page: Page, what = 'the page'): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${what} fits its window` }).toBeLessThanOrEqual(0);
}

/** What a sign-in left in the browser: the provider's cookies and the app's local storage (the signed-in user). */
interface SignedIn { at: number; cookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>; storage: [string, string][] }

/**
 * Sessions this worker signed in, per site, user and password. Access tokens live ten minutes and the
 * app renews one a minute before it expires: a session is taken up again for five minutes after its
 * sign-in, so no test ever renews (and so rotates) a refresh token another test holds too.
 */
const signedIn = new Map<string, SignedIn>();
export const REUSE_MS = 5 * 60_000;

/**
 * Opens the site and signs in through the product's real login page (any of nl/en/fr), then opens
 * `path` (default '/': the user's landing page). A user this worker signed in on the same site in the
 * last five minutes is signed in again from what that sign-in left (a new browser context gets its
 * cookies and local storage), which skips the login page and a second start of the app; `fresh`
 * always goes through the login page and keeps that session to its test (tests of signing in and out,
 * of renewing tokens).
 */
export async function signIn(page: Page, email: string, opts: { host?: string; password?: string; path?: string; fresh?: boolean } = {}): Promise<void> {
  const site = siteUrl(opts.host);
  const key = `${site} ${email} ${opts.password ?? DEMO_PASSWORD}`;
  const saved = opts.fresh ? undefined : signedIn.get(key);
  if (saved && Date.now() - saved.at < REUSE_MS) {
    await page.context().addCookies(saved.cookies);
    // Any answer of the site's origin gives the page its local storage; the tenant's config is a small one.
    await page.goto(`${site}/api/domains/${opts.host ?? 'localhost'}`);
    await page.evaluate((entries) => { for (const [k, v] of entries) localStorage.setItem(k, v); }, saved.storage);
    await page.goto(`${site}${opts.path ?? '/'}`);
    await page.waitForURL((url) => !/^\/(oidc|redirect|login)(\/|$)/.test(url.pathname));
    return;
  }
  await page.goto(`${site}${opts.path ?? '/'}`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/wachtwoord|password|mot de passe/i).fill(opts.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: /aanmelden|sign in|se connecter/i }).click();
  // Signed in once the app has left the provider and handled the /redirect callback.
  await page.waitForURL((url) => !/^\/(oidc|redirect|login)(\/|$)/.test(url.pathname));
  const storage = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('oidc.user:')));
  // A fresh sign-in is a test's own (it signs out, or renews its tokens on a driven clock): never taken up by another test.
  if (storage.length && !opts.fresh) signedIn.set(key, { at: Date.now(), cookies: await page.context().cookies(), storage });
}

/** A client-side navigation, as a link in the app would do it: no reload, the loaded app and session stay. */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The access token the app keeps after sign-in (oidc-client-ts stores the user in local storage). */
export async function accessToken(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!).access_token as string;
    }
    return null;
  });
  return (await handle.jsonValue()) as string;
}

/** A suffix that keeps records of parallel and repeated runs apart. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A call of the tenant's API from inside the page, with the signed-in user's token (the test runner
 * cannot resolve *.localhost; the browser can). Answers the parsed JSON body, also of a refusal.
 */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await accessToken(page);
  return page.evaluate(async ({ method, path, token, body }) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return response.json();
  }, { method, path, token, body }) as Promise<T>;
}

/**
 * A page of a browser context of its own, signed in as `email` on `host` and acting for `company`
 * (the manager acts for two companies: the header's company switch, `switchLabel` in the tenant's
 * language, picks it).
 */
export async function signedInFor(browser: Browser, email: string, opts: { host?: string; company: string; switchLabel: string; acceptDownloads?: boolean }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: opts.acceptDownloads })).newPage();
  await signIn(page, email, { host: opts.host });
  const switcher = page.getByRole('button', { name: opts.switchLabel });
  if (await switcher.isVisible() && !(await switcher.textContent())?.includes(opts.company)) {
    await switcher.click();
    await page.getByRole('menuitem', { name: opts.company }).click();
    await expect(switcher).toHaveText(new RegExp(opts.company));
  }
  return page;
}

/**
 * The customer admin `manager` orders `amount` of one article from an otherwise empty basket and
 * approves the order: on a budget with room for it first when the company orders on budgets.
 */
export async function placeApprovedOrder(manager: Page, articleId: string, amount: number): Promise<{ id: string; status: string; totalProductCostExcl: string }> {
  await apiCall(manager, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: [{ amount, transporterArticle: { id: articleId } }] } });
  const order = (await apiCall<{ result: { id: string; status: string; totalProductCostExcl: string } }>(manager, 'POST', '/v2/orders/transporter', {})).result;
  if (order.status === 'toApproveBudget') {
    const budgets = (await apiCall<{ items: { id: string; remaining: string }[] }>(manager, 'GET', '/v2/budgets?page=1&pageSize=10')).items;
    const budget = budgets.filter((b) => Number(b.remaining) >= Number(order.totalProductCostExcl)).sort((a, b) => Number(b.remaining) - Number(a.remaining))[0];
    expect(budget, 'a budget with room for the order').toBeTruthy();
    await apiCall(manager, 'POST', `/v2/orders/${order.id}/assign-budget`, { budgetId: budget!.id });
    await apiCall(manager, 'POST', `/v2/orders/${order.id}/validate-budgets`, {});
  }
  expect((await apiCall<{ result: { status: string } }>(manager, 'PATCH', `/v2/orders/${order.id}/validate`, { approve: true })).result.status).toBe('approved');
  return order;
}

/**
 * The (first) supplier order of the approved order `orderId` once its supplier has it
 * (WAITFORORDERRESPONSE): the sending job mails it; the platform admin `admin` records it as sent
 * when the job has not come to it yet (the job runs the suite's earlier approvals first).
 */
export async function supplierOrderAtSupplier(admin: Page, orderId: string): Promise<{ id: string; gcsNumber: string; status: string }> {
  type SupplierOrder = { id: string; gcsNumber: string; status: string };
  const so = (await apiCall<{ result: { items: SupplierOrder[] } }>(admin, 'POST', '/admin/supplier-orders/query', { query: { orderId } })).result.items[0]!;
  expect(so, 'the supplier order of the approved order').toBeTruthy();
  await expect.poll(async () => {
    const now = (await apiCall<{ result: SupplierOrder }>(admin, 'POST', '/admin/supplier-orders/id', { query: { id: so.id } })).result;
    if (now.status === 'CREATED') await apiCall(admin, 'POST', '/admin/supplier-orders/update', { dto: { id: so.id, status: 'WAITFORORDERRESPONSE' } }).catch(() => undefined);
    return now.status;
  }, { timeout: 60_000 }).toBe('WAITFORORDERRESPONSE');
  return { ...so, status: 'WAITFORORDERRESPONSE' };
}

/**
 * The newest set-password link mailed to `email` (invitation, forgotten password, new account), other
 * than `not`: read from the mail outbox by the tenant's platform admin, waiting for the mail job.
 */
export async function mailedPasswordLink(browser: Browser, host: string, email: string, not = ''): Promise<string> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.test', { host });
  let link = '';
  await expect.poll(async () => {
    const found = await apiCall<{ result: { items: { recipient: string; kind: string; text: string | null }[] } }>(admin, 'POST', '/admin/mail-outbox/query', { query: { search: email, take: 5 } });
    link = found.result.items.filter((m) => m.kind === 'passwordLink' && m.recipient === email)
      .map((m) => /https?:\/\/\S+\/account\/set-password\?token=[\w%-]+/.exec(m.text ?? '')?.[0] ?? '').find((l) => l && l !== not) ?? '';
    return link;
  }, { timeout: 30_000 }).toContain('/account/set-password?token=');
  await admin.context().close();
  return link;
}

/**
 * A buyer the company's admin (`manager`, acting for the company) invites for one journey: role
 * user, no department, English; they set `password` from the mailed link and sign in, in a browser
 * context of their own (`context`: a phone, a locale). No other journey shares their basket.
 */
export async function invitedBuyer(browser: Browser, manager: Page, host: string, buyer: { email: string; firstname: string; lastname: string; password: string },
  context: BrowserContextOptions = { locale: 'en-GB' }): Promise<Page> {
  const invited = await apiCall<{ result?: { id: string }; errorCode?: string }>(manager, 'POST', '/customers/inviteUser',
    { email: buyer.email, firstname: buyer.firstname, lastname: buyer.lastname, roleIds: ['user'], departmentIds: [], landingPage: 'products', languageCode: 'EN' });
  expect(invited.result?.id, JSON.stringify(invited)).toBeTruthy();
  const page = await (await browser.newContext(context)).newPage();
  await page.goto(await mailedPasswordLink(browser, host, buyer.email));
  await page.getByLabel('New password').fill(buyer.password);
  await page.getByLabel('Repeat the password').fill(buyer.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
  await signIn(page, buyer.email, { host, password: buyer.password, fresh: true });
  return page;
}
