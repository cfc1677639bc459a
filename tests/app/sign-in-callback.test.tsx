import { Suspense, use } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { preloadableLazy } from '../../src/app/common/preloadable-lazy';
import { createAppI18n } from '../../src/app/i18n';
import { createSessionLoader } from '../../src/app/session/load';
import { adminTextsFor } from '../../src/app/shell/areas/lazy-areas';
import { finishSignIn } from '../../src/app/shell/pages/CallbackPage';
import { appServices } from './app-services';
import { fakeFetch, testHttp, user } from './helpers';

// The page's code and texts as the callback asks for them (the real one loads the area, the view and
// the admin tier of the texts); `codeIn` holds the answer back when a test sets it.
const preloaded = vi.hoisted(() => [] as { path: string; withTexts: boolean }[]);
const codeIn = vi.hoisted(() => ({ promise: null as Promise<void> | null }));
vi.mock('../../src/app/shell/areas/lazy-areas', async (original) => ({
  ...(await original<typeof import('../../src/app/shell/areas/lazy-areas')>()),
  preloadPath: (path: string, i18n?: unknown) => {
    preloaded.push({ path, withTexts: !!i18n });
    return codeIn.promise ?? Promise.resolve();
  },
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
  codeIn.promise = null;
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
    expect(preloaded).toEqual([{ path: '/orders', withTexts: true }]);
  });

  it("goes on to the page only once its code and texts are in: the page then draws without a fallback React would hold for 300 ms", async () => {
    let codeLoaded!: () => void;
    codeIn.promise = new Promise((resolve) => { codeLoaded = resolve; });
    const { services: s } = await services(async () => ({ redirectTo: '/dashboard' }));
    let to: string | null = null;
    void finishSignIn(s).then((path) => { to = path; });
    await vi.waitFor(() => expect(preloaded).toEqual([{ path: '/dashboard', withTexts: true }]));
    await new Promise((r) => setTimeout(r, 20));
    expect(to).toBeNull();
    codeLoaded();
    await vi.waitFor(() => expect(to).toBe('/dashboard'));
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

  it("a react-admin area whose texts were loaded before its first render (as the entry and the callback do) draws at once", async () => {
    const i18n = await createAppI18n('nl');
    await adminTextsFor('/dashboard', i18n);
    // As areas/use-ra-services.ts asks for them.
    const Area = () => {
      use(i18n.loadAdminTexts());
      return <p>{i18n.i18nProvider.translate('ra.action.save')}</p>;
    };
    render(<Suspense fallback={<p>loading</p>}><Area /></Suspense>);
    expect(screen.getByText('Opslaan')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it("loads the admin tier of the texts for a react-admin area's path, not for a light page's", async () => {
    const i18n = { loadAdminTexts: vi.fn(async () => {}) };
    await adminTextsFor('/products', i18n);
    await adminTextsFor('/products/art-1', i18n);
    expect(i18n.loadAdminTexts).not.toHaveBeenCalled();
    await adminTextsFor('/orders', i18n);
    await adminTextsFor('/ycAdmin/customers', i18n);
    expect(i18n.loadAdminTexts).toHaveBeenCalledTimes(2);
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
