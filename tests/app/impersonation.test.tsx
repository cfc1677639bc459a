import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AdminContext, memoryStore } from 'react-admin';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import { defaultDomain } from '../../src/app/bootstrap/domain';
import type { AppServices } from '../../src/app/bootstrap/services';
import { createAppI18n } from '../../src/app/i18n';
import { ImpersonateButton } from '../../src/app/shell/ImpersonateDialog';
import { ImpersonationBar } from '../../src/app/shell/ImpersonationBar';
import { createSessionLoader } from '../../src/app/session/load';
import { clearSession, readSession } from '../../src/app/session/store';
import { fakeFetch, testHttp, user } from './helpers';

const superAdmin = user({ id: 'u9', email: 'superadmin@demo.test', displayname: 'Sam Super', userType: 1, customerAccess: [] });
const buyer = user({ id: 'u1', displayname: 'Bea Buyer' });
const ITEMS = [{ id: 'u1', email: 'buyer@demo.test', displayname: 'Bea Buyer', userType: 3, active: true }];

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

/** The app bar entry and the bar over a fake API that answers as the impersonated user while X-Impersonate-User is sent. */
async function renderImpersonation(opts: { language?: 'nl' | 'en' | 'fr'; loginError?: string } = {}) {
  const net = fakeFetch((call) => {
    const path = call.url.pathname;
    const acting = call.headers.get('X-Impersonate-User') === 'u1';
    if (path === '/api/users/me') return { body: acting ? buyer : superAdmin };
    if (path === '/api/usermanagement/query') return { body: { result: { items: ITEMS, total: 1, skip: 0, take: 20 } } };
    if (path === '/api/usermanagement/loginbyuserid') {
      return opts.loginError ? { status: 400, body: { errorCode: opts.loginError, message: 'raw server text' } } : { body: { userToImpersonateAuth0: {}, userToImpersonate: buyer } };
    }
    if (path.endsWith('/permissions')) return { body: { customerId: acting ? 'c1' : null, permissions: acting ? ['orders:R'] : [] } };
    if (path.endsWith('/features')) return { body: { features: { budgets: acting } } };
    return { body: null };
  });
  const http = testHttp(net.fetch);
  const language = opts.language ?? 'nl';
  const i18n = await createAppI18n(language);
  const { i18nProvider } = i18n;
  const session = createSessionLoader(http, ['nl', 'en', 'fr'], { signedIn: async () => true });
  await session.ensure();
  const services = { domain: defaultDomain(), domainFallback: false, http, session, i18n } as unknown as AppServices;
  render(
    <AppServicesProvider value={services}>
      <MemoryRouter initialEntries={['/ycAdmin/users']}>
        <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale: language })}>
          <Where />
          <Routes><Route path="*" element={<><ImpersonationBar /><ImpersonateButton /></>} /></Routes>
        </AdminContext>
      </MemoryRouter>
    </AppServicesProvider>,
  );
  return { net };
}

async function actAsBuyer(net: ReturnType<typeof fakeFetch>, entry = 'Handelen als gebruiker') {
  fireEvent.click(await screen.findByRole('button', { name: entry }));
  const input = await screen.findByRole('combobox');
  fireEvent.change(input, { target: { value: 'bea' } });
  await waitFor(() => expect(net.calls.some((c) => (c.body as { query?: { search?: string } })?.query?.search === 'bea')).toBe(true));
  fireEvent.click(await screen.findByRole('option', { name: 'Bea Buyer (buyer@demo.test)' }));
}

describe('impersonation (core §4)', () => {
  beforeEach(() => clearSession());

  it('starting stores the identity, sends X-Impersonate-User from then on and reloads the session as that user', async () => {
    const { net } = await renderImpersonation();
    await actAsBuyer(net);
    expect(await screen.findByText('Je handelt als Bea Buyer')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent(/^\/$/));
    const stored = JSON.parse(localStorage.getItem('procurement-shop') ?? '{}');
    expect(stored.impersonatedUserId).toBe('u1');
    expect(readSession()).toMatchObject({ user: { id: 'u1' }, activeCustomerId: 'c1', permissions: { permissions: ['orders:R'] }, features: { budgets: true } });
    const searches = net.calls.filter((c) => c.url.pathname === '/api/usermanagement/query').map((c) => c.body);
    expect(searches).toContainEqual({ query: { skip: 0, take: 20, search: 'bea' } });
    const login = net.calls.find((c) => c.url.pathname === '/api/usermanagement/loginbyuserid');
    expect(login?.body).toEqual({ userId: 'u1' });
    expect(login?.headers.get('X-Impersonate-User')).toBeNull();
    const after = net.calls.slice(net.calls.indexOf(login!) + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((c) => c.headers.get('X-Impersonate-User') === 'u1')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Handelen als gebruiker' })).toBeNull();
  });

  it('Stop clears the impersonation, reloads the real session and returns to /ycAdmin', async () => {
    const { net } = await renderImpersonation({ language: 'en' });
    await actAsBuyer(net, 'Act as user');
    expect(await screen.findByText('You are acting as Bea Buyer')).toBeInTheDocument();
    const before = net.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/ycAdmin'));
    expect(readSession()).toMatchObject({ impersonatedUserId: null, user: { id: 'u9' } });
    expect(JSON.parse(localStorage.getItem('procurement-shop') ?? '{}').impersonatedUserId).toBeNull();
    expect(screen.queryByText(/You are acting as/)).toBeNull();
    const reload = net.calls.slice(before);
    expect(reload.some((c) => c.url.pathname === '/api/users/me')).toBe(true);
    expect(reload.every((c) => !c.headers.has('X-Impersonate-User'))).toBe(true);
    expect(await screen.findByRole('button', { name: 'Act as user' })).toBeInTheDocument();
  });

  it("a refused start shows the server code's translated message and changes nothing", async () => {
    const { net } = await renderImpersonation({ language: 'fr', loginError: 'NoActiveCustomerAccess' });
    await actAsBuyer(net, "Agir en tant qu'utilisateur");
    expect(await screen.findByText('Aucun accès client actif trouvé')).toBeInTheDocument();
    expect(readSession()).toMatchObject({ impersonatedUserId: null, user: { id: 'u9' } });
    expect(screen.getByLabelText('path')).toHaveTextContent('/ycAdmin/users');
    expect(screen.queryByText(/Vous agissez en tant que/)).toBeNull();
  });
});
