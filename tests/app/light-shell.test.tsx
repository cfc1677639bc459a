import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { CUSTOMER_MENU, PAGES } from '../../generated/app/pages.gen';
import { PAGE_VIEWS } from '../../generated/app/page-views.gen';
import { pageSubjectOf } from '../../src/app/access/page-subject';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import type { CoreServices } from '../../src/app/bootstrap/core';
import { defaultDomain } from '../../src/app/bootstrap/domain';
import { createAppQueryClient } from '../../src/app/data/query-client';
import { AppI18nProvider } from '../../src/app/i18n/context';
import { createAppI18n } from '../../src/app/i18n';
import { RequireAuth } from '../../src/app/shell/light/auth';
import { LightLayout } from '../../src/app/shell/light/LightLayout';
import { LightPageGuard } from '../../src/app/shell/light/LightPageGuard';
import { AppToasts } from '../../src/app/notify/AppToasts';
import { BUILT_PAGES, builtPages, isLightPage, registeredMenu } from '../../src/app/shell/pages/built-pages';
import { createSessionLoader } from '../../src/app/session/load';
import { readSession, writeSession } from '../../src/app/session/store';
import { visibleMenu } from '../../src/shared/page-access';
import type { NavMenuItem } from '../../src/shared/generated-contract';
import type { UserDto } from '../../src/shared/session-types';
import { createAppTheme } from '../../src/app/theme';
import { fakeFetch, testHttp, user } from './helpers';

function Where() {
  const location = useLocation();
  return <output aria-label="path">{location.pathname}</output>;
}

/** The light shell's parts at a path, with nothing of react-admin around them: only the core services. */
async function renderLight(ui: React.ReactNode, opts: { path?: string; me?: UserDto; signedIn?: boolean; basket?: number } = {}) {
  const me = opts.me ?? user();
  const net = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/users/me') return { body: me };
    if (path.endsWith('/permissions')) return { body: { customerId: 'c1', permissions: [] } };
    if (path.endsWith('/features')) return { body: { features: {} } };
    if (path === '/api/v2/transporters/load') return { body: { result: { customerId: 'c1', userId: me.id, transporterLines: [], itemCount: opts.basket ?? 0 } } };
    return { body: null };
  });
  const http = testHttp(net.fetch);
  const i18n = await createAppI18n('nl');
  const signedIn = opts.signedIn ?? true;
  const session = createSessionLoader(http, ['nl', 'en', 'fr'], { signedIn: async () => signedIn });
  const auth = {
    login: vi.fn(async () => {}),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => { if (!signedIn) throw { message: false }; }),
    checkError: async () => {},
  };
  const domain = defaultDomain();
  const services: CoreServices = { domain, domainFallback: false, http, queryClient: createAppQueryClient(), session, i18n, authProviders: { shop: auth, admin: auth }, theme: createAppTheme(domain.theme) };
  if (signedIn) writeSession({ loggedIn: true, user: me });
  render(
    <AppServicesProvider value={services}>
      <QueryClientProvider client={services.queryClient}>
        {/* The i18n context App gives everything outside a react-admin area. */}
        <AppI18nProvider i18n={i18n}>
          <MemoryRouter initialEntries={[opts.path ?? '/products']}>
          <Where />
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <AppToasts />
          </MemoryRouter>
        </AppI18nProvider>
      </QueryClientProvider>
    </AppServicesProvider>,
  );
  return { auth, net };
}

describe('the light shop shell', () => {
  it("serves the model's 'marketplace' pages that have a view, and offers only built pages in its menus", () => {
    // The one page list is the model's: the light shell's pages and the menus' built pages derive from it.
    expect(builtPages(isLightPage).map((page) => page.path)).toEqual(['/products', '/products/:id']);
    expect(Object.keys(BUILT_PAGES).sort()).toEqual(Object.keys(PAGE_VIEWS).sort());
    expect(BUILT_PAGES).toHaveProperty('dashboard');
    expect(BUILT_PAGES).toHaveProperty('contracts');
    expect(BUILT_PAGES).toHaveProperty('product-management');
    expect(BUILT_PAGES).not.toHaveProperty('index'); // in the model without a view
    writeSession({ loggedIn: true, user: user(), activeCustomerAccessId: 'a1', activeCustomerId: 'c1', permissions: { customerId: 'c1', permissions: ['suppliers:R'] } });
    const visible = visibleMenu(CUSTOMER_MENU, pageSubjectOf(readSession()), PAGES);
    const pagesOffered = (items: readonly NavMenuItem[]): string[] => items.flatMap((i) => (i.children ? pagesOffered(i.children) : i.page ? [i.page] : []));
    const offered = pagesOffered(registeredMenu(visible));
    expect(offered).toContain('products');
    expect(offered.every((name) => name in PAGE_VIEWS)).toBe(true);
  });

  it('draws the header and sidebar without react-admin: menu, basket, user menu with logout', async () => {
    const { auth } = await renderLight(<LightLayout><p>de pagina</p></LightLayout>);
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('menuitem', { name: /^beheer$/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Winkelmandje, leeg' })).toBeInTheDocument();
    // The user menu's button shows the user's name, and its accessible name starts with it (WCAG 2.5.3, label in name).
    const userButton = screen.getByRole('button', { name: /profiel/i });
    expect(userButton.textContent!.trim()).not.toBe('');
    expect(userButton).toHaveAccessibleName(`${userButton.textContent!.trim()} (Profiel)`);
    fireEvent.click(userButton);
    fireEvent.click(await screen.findByRole('menuitem', { name: /afmelden/i }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/login'));
  });

  it('asks before signing out while the basket holds items; cancel keeps the session', async () => {
    const { auth } = await renderLight(<LightLayout><p>de pagina</p></LightLayout>, { basket: 2 });
    await screen.findByRole('button', { name: 'Winkelmandje, 2 stuks' });
    fireEvent.click(screen.getByRole('button', { name: /profiel/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /afmelden/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Afmelden?' });
    expect(dialog).toHaveTextContent('Er zitten nog 2 producten in je winkelmandje.');
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to /login', async () => {
    await renderLight(<RequireAuth><p>geheim</p></RequireAuth>, { signedIn: false });
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/login'));
    expect(screen.queryByText('geheim')).toBeNull();
  });

  it('applies the page guard: a user without customer access goes to /registration', async () => {
    await renderLight(<LightPageGuard><p>marktplaats</p></LightPageGuard>, { me: user({ customerAccess: [] }) });
    // The refusal replaces /products by /registration (the route of this harness shows any path).
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/registration'));
  });

  it('lets a registered buyer through to the page', async () => {
    await renderLight(<LightPageGuard><p>marktplaats</p></LightPageGuard>);
    expect(await screen.findByText('marktplaats')).toBeInTheDocument();
  });
});
