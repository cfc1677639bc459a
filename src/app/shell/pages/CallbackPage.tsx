import { useEffect } from 'react';
import { CircularProgress } from '@mui/material';
import { useNavigate } from 'react-router';
// The sign-in library, loaded with this page and not after it: the code is exchanged at once.
import '../../auth/oidc-client';
import { useCoreServices } from '../../bootstrap/context';
import type { CoreServices } from '../../bootstrap/core';
import { preloadPath } from '../areas/lazy-areas';

/**
 * /redirect, the OIDC callback (core §2, §4), without react-admin: the entry (main.tsx) starts
 * finishing the sign-in as soon as the services exist, before anything is drawn, and this page goes
 * on to where the sign-in leads once it is done. Once the tokens are there, the session (/users/me,
 * then permissions and settings) and the code and texts of the page the user goes to load together;
 * the page is drawn once its code is in (issue 29: sign-in to the dashboard under 1 s). The page's
 * code is not asked for before: its hundred and more module requests went ahead of the provider's
 * discovery and token requests on the browser's few connections, and held the exchange back by half
 * a second. An
 * identity-provider error, or a callback that cannot be finished (a code used twice, a state that
 * is not this browser's), goes on to /auth-error, which offers to sign in again.
 */
export function CallbackPage() {
  const services = useCoreServices();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void finishSignIn(services).then((to) => {
      if (live) navigate(to, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [services, navigate]);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100vh' }}>
      <CircularProgress />
    </div>
  );
}

export default CallbackPage;

const finishing = new WeakMap<CoreServices, Promise<string>>();

/**
 * Finishes this page's sign-in, once: an authorization code is exchanged for tokens only once, and
 * both the entry and the page (twice, in React's strict mode) ask. Resolves with the path to go on to.
 */
export function finishSignIn(services: CoreServices): Promise<string> {
  let done = finishing.get(services);
  if (!done) {
    // On to the page once its code and texts are in: drawn at once there, with no fallback whose
    // reveal React would hold back (shell/areas/lazy-areas); meanwhile this page's spinner shows.
    done = finish(services).then(async (to) => {
      await preloadPath(to, services.i18n);
      return to;
    });
    finishing.set(services, done);
  }
  return done;
}

async function finish({ authProviders, session }: CoreServices): Promise<string> {
  let to: string;
  try {
    const result = await authProviders.shop.handleCallback?.();
    const redirectTo = result && typeof result === 'object' ? result.redirectTo : undefined;
    to = typeof redirectTo === 'string' ? redirectTo : '/';
  } catch (error) {
    const e = error as { error?: unknown; error_description?: unknown; message?: unknown } | null;
    const code = typeof e?.error === 'string' ? e.error : 'sign_in_failed';
    const description = typeof e?.error_description === 'string' ? e.error_description : typeof e?.message === 'string' ? e.message : '';
    return `/auth-error?${new URLSearchParams({ error: code, error_description: description })}`;
  }
  // Signed in (the loader checks the token; without one it fetches nothing): the session's calls go now.
  void session.ensure().catch(() => undefined);
  return to;
}
