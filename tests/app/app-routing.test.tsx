import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { App } from '../../src/app/App';
import { createAppI18n } from '../../src/app/i18n';
import { createSessionLoader } from '../../src/app/session/load';
import type { UserDto } from '../../src/shared/session-types';
import { appServices } from './app-services';
import { fakeFetch, testHttp, user } from './helpers';

/** The whole shell in a real BrowserRouter, with the OIDC part faked at the auth provider's edge. */
async function renderApp(path: string, opts: { signedIn: boolean; me?: UserDto }) {
  window.history.replaceState(null, '', path);
  let signedIn = opts.signedIn;
  const base = {
    login: vi.fn(() => new Promise<void>(() => {})), // the real one leaves for the identity provider
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => {
      if (!signedIn) throw { message: false };
    }),
    checkError: async () => {},
    handleCallback: vi.fn(async () => {
      // The code-for-token exchange is a network round trip: react-admin has long answered checkAuth by then.
      await new Promise((r) => setTimeout(r, 150));
      signedIn = true;
      return { redirectTo: '/dashboard' };
    }),
    getAccessToken: async () => (signedIn ? 'token' : null),
  } satisfies AuthProvider & { getAccessToken: () => Promise<string | null> };
  const net = fakeFetch((call) => {
    if (call.url.pathname === '/api/users/me') return { body: opts.me ?? user() };
    if (call.url.pathname.endsWith('/permissions')) return { body: { customerId: 'c1', permissions: ['suppliers:RWCD'] } };
    return { body: null };
  });
  const http = testHttp(net.fetch);
  const i18n = await createAppI18n('nl');
  const session = createSessionLoader(http, ['nl', 'en', 'fr'], { signedIn: async () => signedIn });
  const services = appServices({ http, i18n, session, auth: base });
  render(<App services={services} />);
  return base;
}

describe('the app shell', () => {
  it('sends a signed-out visitor to /login once, which starts the sign-in', async () => {
    const auth = await renderApp('/dashboard', { signedIn: false });
    // The shop's react-admin area is a lazy chunk: its first import takes a moment here.
    await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });
    await waitFor(() => expect(auth.login).toHaveBeenCalled());
    expect(await screen.findByText('Bezig met aanmelden…')).toBeInTheDocument();
    // No sign-out loop: a handful of logouts while react-admin settles, not an endless stream.
    await new Promise((r) => setTimeout(r, 300));
    expect(auth.logout.mock.calls.length).toBeLessThan(20);
  });

  it('finishes the sign-in on /redirect and goes on to the page the provider returned', async () => {
    const auth = await renderApp('/redirect?code=abc&state=xyz', { signedIn: false });
    await waitFor(() => expect(auth.handleCallback).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { name: 'Welkom, Bea Buyer' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('keeps customer users out of /ycAdmin', async () => {
    await renderApp('/ycAdmin/suppliers', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Je hebt geen toegang tot deze pagina' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/unauthorized');
  });

  it('opens an admin resource at /ycAdmin/<name> for platform users', async () => {
    await renderApp('/ycAdmin/suppliers', { signedIn: true, me: user({ userType: 2 }) });
    // The admin area is two lazy chunks (react-admin, then the generated screens).
    expect(await screen.findByRole('heading', { name: 'Leveranciers' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/ycAdmin/suppliers');
  });

  it('shows the 404 page inside the layout for unknown paths', async () => {
    await renderApp('/no/such/page', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});
