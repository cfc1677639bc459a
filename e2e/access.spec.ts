import type { APIRequestContext, Page } from '@playwright/test';
import { PAGES } from '../generated/app/pages.gen';
import { pageSubjectOf } from '../src/app/access/page-subject';
import type { SessionState } from '../src/app/session/store';
import { canOpenPage, type PageSubject } from '../src/shared/page-access';
import type { FeaturesDto, PermissionsDto, UserDto } from '../src/shared/session-types';
import { accessToken, goInApp, signIn, siteUrl } from './actions';
import { expect, test } from './fixtures';

const UNAUTHORIZED = 'Je hebt geen toegang tot deze pagina';
const NOT_FOUND = 'Deze pagina kon niet worden gevonden';

/** The signed-in user as the app's page guards see them, read from the real API like the app does. */
async function subjectFromApi(page: Page, request: APIRequestContext): Promise<PageSubject> {
  const headers: Record<string, string> = { Authorization: `Bearer ${await accessToken(page)}`, 'X-Hostname': 'localhost' };
  const me = (await (await request.get(`${siteUrl()}/api/users/me`, { headers })).json()) as UserDto;
  const access = me.customerAccess.find((a) => a.active) ?? null;
  if (access) headers['X-Customer-Id'] = access.customerId;
  const permissions = (await (await request.get(`${siteUrl()}/api/users/${me.id}/permissions`, { headers })).json()) as PermissionsDto;
  const features = access
    ? ((await (await request.get(`${siteUrl()}/api/customers/${access.customerId}/features`, { headers })).json()) as FeaturesDto).features
    : {};
  const session = { loggedIn: true, user: me, permissions, features, activeCustomerId: access?.customerId ?? null, tenantSettings: null } as unknown as SessionState;
  return pageSubjectOf(session)!;
}

// The page-access table of core §2: every shop page that needs a resource permission.
const TABLE_PAGES = Object.values(PAGES).filter((p) => p.area === 'shop' && p.requires);
const settingsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Gebruikersinstellingen' });
const concretePath = (path: string) => path.replace(/:[A-Za-z]+/g, 'e2e-1');

test.describe('the page-access table (core §2): a user lacking the permission ends at /unauthorized', () => {
  test('the table holds exactly the pages of core §2, and the users pages guarded beyond it', () => {
    expect(TABLE_PAGES.map((p) => p.name).sort()).toEqual([
      'contract-configuration', 'contracts-id-edit', 'deliveries', 'deliveries-id', 'invoices', 'order-detail-id', 'order-form',
      'order-templates', 'order-templates-id', 'product-management', 'product-management-id', 'reporting', 'stock',
      'supplier-create', 'supplier-edit-id', 'supplier-orders-gcsnumber', 'users',
      // Beyond core §2's table (docs/decisions/0016-app-shell.md and 0012-users-and-access.md): pages whose every call needs these rights.
      'departments', 'users-create', 'users-id', 'contracts', 'contracts-create', 'contracts-id', 'suppliers', 'suppliers-id',
      'warehouse-management', 'warehouse-management-stock', 'warehouse-management-id', 'audit-trail',
    ].sort());
  });

  // Roles user, finance and admin + validator (ROLES in model/catalogue/permissions.ts) refuse different pages.
  for (const email of ['buyer@demo.test', 'finance@demo.test', 'manager@demo.test']) {
    test(`${email}: refused exactly where the page-access module says`, async ({ page, request }) => {
      await signIn(page, email);
      const subject = await subjectFromApi(page, request);
      const refused = TABLE_PAGES.filter((p) => canOpenPage(p, subject) === 'unauthorized').map((p) => p.name);
      const allowed = TABLE_PAGES.filter((p) => canOpenPage(p, subject) === 'ok').map((p) => p.name);
      // Every page of the table is decided one way or the other: none is skipped.
      expect([...refused, ...allowed].sort()).toEqual(TABLE_PAGES.map((p) => p.name).sort());
      if (email !== 'manager@demo.test') expect(refused.length, 'a customer user with one role lacks some permissions').toBeGreaterThan(0);
      expect(allowed.length).toBeGreaterThan(0);

      const seen: Record<string, boolean> = {};
      for (const entry of TABLE_PAGES) {
        // From a page everybody may open, so each result is this page's own decision.
        await goInApp(page, '/user-settings');
        await expect(page).toHaveURL(/\/user-settings$/);
        await expect(settingsHeading(page)).toBeVisible();
        const path = concretePath(entry.path);
        await goInApp(page, path);
        await expect(settingsHeading(page)).toHaveCount(0);
        if (refused.includes(entry.name)) {
          await expect(page).toHaveURL(/\/unauthorized$/);
          await expect(page.getByRole('heading', { level: 1, name: UNAUTHORIZED })).toBeVisible();
        } else {
          // Not built yet or built: either way the guard let it through and the address stays.
          // Whatever the page shows (404 while not built, its heading or its own error), it is not the refusal.
          const main = page.locator('#main-content');
          await expect(page.getByText(NOT_FOUND).or(main.getByRole('heading')).or(main.getByRole('alert')).first()).toBeVisible();
          await expect(page.getByRole('heading', { name: UNAUTHORIZED })).toHaveCount(0);
          expect(new URL(page.url()).pathname).toBe(path);
        }
        seen[entry.name] = new URL(page.url()).pathname === '/unauthorized';
      }
      expect(Object.keys(seen).filter((name) => seen[name]).sort()).toEqual([...refused].sort());
    });
  }
});

test.describe('guard redirects', () => {
  test('a signed-out visitor of a shop page goes to the login and comes back to that page', async ({ page }) => {
    await page.goto(`${siteUrl()}/user-settings`);
    await expect(page).toHaveURL(/\/oidc\//);
    await page.getByLabel(/e-?mail/i).fill('buyer@demo.test');
    await page.getByLabel(/wachtwoord/i).fill('demo');
    await page.getByRole('button', { name: /aanmelden/i }).click();
    await expect(page).toHaveURL(/\/user-settings$/);
  });

  test('a platform admin (userType 2) is refused the super-admin and extra-privilege pages; the super admin is not', async ({ page, adminPage }) => {
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/ycAdmin\//);
    for (const path of ['/ycAdmin/administrators', '/ycAdmin/customers']) {
      await goInApp(page, '/ycAdmin/suppliers');
      await expect(page).toHaveURL(/\/ycAdmin\/suppliers$/);
      await goInApp(page, path);
      await expect(page).toHaveURL(/\/unauthorized$/);
      await expect(page.getByRole('heading', { level: 1, name: UNAUTHORIZED })).toBeVisible();
    }

    await adminPage.goto(`${siteUrl()}/ycAdmin/administrators`);
    await expect(adminPage.getByRole('button', { name: 'Handelen als gebruiker' })).toBeVisible();
    await expect(adminPage).toHaveURL(/\/ycAdmin\/administrators$/);
    await expect(adminPage.getByRole('heading', { name: UNAUTHORIZED })).toHaveCount(0);
  });

  test('a platform admin goes from the admin area to the shop and back by the sidebars', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/ycAdmin\//);
    // Exactly: the admin sidebar also has 'Winkelmandjes' (the baskets).
    await page.getByRole('menuitem', { name: 'Winkel', exact: true }).click();
    await expect(page).toHaveURL(`${siteUrl()}/products`);
    await expect(page.getByRole('combobox', { name: 'Zoek een product' })).toBeVisible();
    // Exactly: the shop's sidebar also has 'Magazijnbeheer' for a company with easy stock.
    await page.getByRole('menuitem', { name: 'Beheer', exact: true }).click();
    await expect(page).toHaveURL(/\/ycAdmin(\/|$)/);
    await expect(page.getByRole('menuitem', { name: 'Winkel', exact: true })).toBeVisible();
  });

  test('a user with customer access who opens /registration goes to /', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await page.goto(`${siteUrl()}/registration`);
    await expect(page).toHaveURL(`${siteUrl()}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welkom/i);
  });

  test('a customer user without any customer access lands on /registration, from / and from a shop page', async ({ page }) => {
    await signIn(page, 'newcomer@demo.test');
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registreer je bedrijf' })).toBeVisible();
    await page.goto(`${siteUrl()}/dashboard`);
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registreer je bedrijf' })).toBeVisible();
  });
});

test.describe('impersonation', () => {
  test("the super admin acts as the buyer under the 'acting as' bar; the header goes with every call until Stop", async ({ adminPage: page }) => {
    const calls: { url: string; impersonate: string | undefined }[] = [];
    page.on('request', (r) => {
      // The app's calls; pictures (the dashboard's article images) are the browser's own requests, which carry no app header.
      if (new URL(r.url()).pathname.startsWith('/api/') && r.resourceType() !== 'image') calls.push({ url: r.url(), impersonate: r.headers()['x-impersonate-user'] });
    });
    await page.goto(`${siteUrl()}/ycAdmin/suppliers`);
    await page.getByRole('button', { name: 'Handelen als gebruiker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Handelen als gebruiker' });
    await dialog.getByLabel('Zoek een gebruiker op naam of e-mailadres').fill('buyer');
    await page.getByRole('option', { name: /buyer@demo\.test/ }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Je handelt als Bert Buyer' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welkom/i);
    const started = calls.findIndex((c) => c.url.includes('/usermanagement/loginbyuserid'));
    expect(started).toBeGreaterThanOrEqual(0);
    // The dialog's own user search (as the super admin) may still be on its way when the choice is made.
    const acting = calls.slice(started + 1).filter((c) => !c.url.includes('/usermanagement/'));
    expect(acting.length).toBeGreaterThan(0);
    expect(acting.filter((c) => !c.impersonate).map((c) => c.url), 'calls without the header').toEqual([]);
    const ids = new Set(acting.map((c) => c.impersonate));
    expect([...ids]).toHaveLength(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page).toHaveURL(/\/ycAdmin/);
    await expect(page.getByText('Je handelt als')).toHaveCount(0);
    // From here on (a session ping sent while Stop was on its way still acted as the buyer, rightly).
    calls.length = 0;
    await expect(page.getByRole('button', { name: 'Handelen als gebruiker' })).toBeVisible();
    // After Stop the real identity is back: a fresh list call carries no impersonation header.
    await page.goto(`${siteUrl()}/ycAdmin/suppliers`);
    await expect(page.getByRole('button', { name: 'Handelen als gebruiker' })).toBeVisible();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.impersonate !== undefined)).toEqual([]);
  });
});
