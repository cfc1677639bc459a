import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { preloadableLazy } from '../../src/app/common/preloadable-lazy';
import { createAppI18n } from '../../src/app/i18n';
import { createSessionLoader } from '../../src/app/session/load';
import { finishSignIn } from '../../src/app/shell/pages/CallbackPage';
import { appServices } from './app-services';
import { fakeFetch, testHttp, user } from './helpers';

// The page's code as the callback asks for it (the real one loads the area and the view).
const preloaded = vi.hoisted(() => [] as string[]);
vi.mock('../../src/app/shell/areas/lazy-areas', async (original) => ({
  ...(await original<typeof import('../../src/app/shell/areas/lazy-areas')>()),
  preloadPath: (path: string) => { preloaded.push(path); },
}));

/** The app's services with `handleCallback` as the sign-in edge, and the requests they send. */
async function services(handleCallback: AuthProvider['handleCallback']) {
  let signedIn = false;
  const net = fakeFetch((call) => (call.url.pathname === '/api/users/me' ? { body: user() } : { body: null }));
  const http = testHttp(net.fetch);
  const auth: AuthProvider = {
    login: async () => {}, logout: async () => undefined, checkAuth: async () => {}, checkError: async () => {},
    handleCallback: vi.fn(async (params) => {
      const result = await handleCallback!(params);
      signedIn = true;
      return result;
    }),
  };
  const session = createSessionLoader(http, ['nl', 'en', 'fr'], { signedIn: async () => signedIn });
  return { services: appServices({ http, i18n: await createAppI18n('nl'), session, auth }), calls: net.calls, auth };
}

afterEach(() => {
  localStorage.clear();
  preloaded.length = 0;
});

describe('the sign-in callback (issue 29: sign-in to the dashboard under 1 s)', () => {
  it('exchanges the code once however often it is asked, and loads the session as soon as the tokens are there', async () => {
    const { services: s, calls, auth } = await services(async () => ({ redirectTo: '/dashboard' }));
    const first = finishSignIn(s);
    // The entry asks before the first render, the page once or twice (strict mode) after it.
    expect(finishSignIn(s)).toBe(first);
    expect(await first).toBe('/dashboard');
    expect(auth.handleCallback).toHaveBeenCalledTimes(1);
    // Nothing has been drawn, yet /users/me is on its way: it does not wait for the page's code.
    await vi.waitFor(() => expect(calls.map((c) => c.url.pathname)).toContain('/api/users/me'));
  });

  it("asks for the page's code only once the code is exchanged: its module requests would go ahead of the provider's", async () => {
    let exchanged!: () => void;
    const { services: s } = await services(() => new Promise((resolve) => { exchanged = () => resolve({ redirectTo: '/orders' }); }));
    const done = finishSignIn(s);
    await new Promise((r) => setTimeout(r, 20));
    expect(preloaded).toEqual([]);
    exchanged();
    expect(await done).toBe('/orders');
    await vi.waitFor(() => expect(preloaded).toEqual(['/orders']));
  });

  it('goes on to /auth-error with what went wrong when the callback cannot be finished', async () => {
    const { services: s, calls } = await services(async () => {
      throw Object.assign(new Error('No matching state found in storage'), {});
    });
    const to = new URL(await finishSignIn(s), 'http://localhost');
    expect(to.pathname).toBe('/auth-error');
    expect(to.searchParams.get('error')).toBe('sign_in_failed');
    expect(to.searchParams.get('error_description')).toBe('No matching state found in storage');
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/users/me');
  });
});

describe('a lazy area or page loaded ahead of its first render', () => {
  it('draws at once, without its Suspense fallback (React shows content after a fallback 300 ms later at the earliest)', async () => {
    const view = preloadableLazy(async () => () => <p>the page</p>);
    await view.preload();
    render(<Suspense fallback={<p>loading</p>}><view.Component /></Suspense>);
    // No waiting: the first render already holds the page.
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('suspends while its code is not there yet, and loads it once', async () => {
    const load = vi.fn(async () => () => <p>the page</p>);
    const view = preloadableLazy(load);
    render(<Suspense fallback={<p>loading</p>}><view.Component /></Suspense>);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the page')).toBeInTheDocument();
    await view.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
