import { vi } from 'vitest';
import { render } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { App } from '../../src/app/App';
import { createAppI18n } from '../../src/app/i18n';
import { createSessionLoader } from '../../src/app/session/load';
import type { UserDto } from '../../src/shared/session-types';
import { appServices } from './app-services';
import { fakeFetch, testHttp, user, type RecordedCall, type Reply } from './helpers';

/**
 * The whole shell in a real BrowserRouter, with the OIDC part faked at the auth provider's edge;
 * `respond` answers the API calls a test cares about (others get an empty answer); a promise holds the answer back.
 */
export async function renderApp(path: string, opts: { signedIn: boolean; me?: UserDto; respond?: (call: RecordedCall) => Reply | Promise<Reply> | undefined }) {
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
    const answer = opts.respond?.(call);
    if (answer) return answer;
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

/**
 * Loads the admin area's code (react-admin, the area, every generated screen set) before a test
 * renders it: the first import of it is cold and, on a loaded 2-core machine, takes longer than a
 * test's own waits. Called from a beforeAll, whose limit is that load's.
 */
export async function loadAdminArea(): Promise<void> {
  const [{ ADMIN_SCREENS }] = await Promise.all([import('../../generated/admin/index.gen'), import('../../src/app/shell/areas/AdminArea')]);
  await Promise.all(ADMIN_SCREENS.map((entry) => entry.load()));
}

