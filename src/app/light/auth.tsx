import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useCoreServices } from '../bootstrap/context';

/**
 * Signed-in only, as react-admin's requireAuth: the auth provider's checkAuth (a valid token,
 * refreshed when about to expire); otherwise the session is forgotten and the visitor goes to /login,
 * which signs in and comes back here (nextPathname).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { authProviders } = useCoreServices();
  const { pathname, search } = useLocation();
  const [state, setState] = useState<'checking' | 'in' | 'out'>('checking');
  useEffect(() => {
    let live = true;
    authProviders.shop.checkAuth({}).then(
      () => live && setState('in'),
      async () => {
        await authProviders.shop.logout({}).catch(() => undefined);
        if (live) setState('out');
      },
    );
    return () => {
      live = false;
    };
  }, [authProviders]);
  if (state === 'out') return <Navigate replace to="/login" state={{ nextPathname: pathname, nextSearch: search }} />;
  return state === 'in' ? <>{children}</> : null;
}

/**
 * Signs out as react-admin's useLogout does: the auth provider ends the session (and forgets the
 * loaded session), then the browser goes to the provider's end-session address, or to /login.
 */
export function useLightLogout(): () => Promise<void> {
  const { authProviders } = useCoreServices();
  const navigate = useNavigate();
  return useCallback(async () => {
    const target: unknown = await authProviders.shop.logout({}).catch(() => undefined);
    if (typeof target === 'string' && /^https?:/.test(target)) window.location.href = target;
    else navigate(typeof target === 'string' ? target : '/login', { replace: true });
  }, [authProviders, navigate]);
}
