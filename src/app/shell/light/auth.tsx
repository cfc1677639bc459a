import { useCallback, useId, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppQuery } from '../../data/query-client';
import { useCoreServices } from '../../bootstrap/context';

/**
 * Signed-in only, as react-admin's requireAuth: the auth provider's checkAuth (a valid token,
 * refreshed when about to expire); otherwise the session is forgotten and the visitor goes to /login,
 * which signs in and comes back here (nextPathname).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { authProviders } = useCoreServices();
  const { pathname, search } = useLocation();
  // Asked on every mount, for this component only: a sign-out elsewhere must not be answered from a cache.
  const { data: signedIn } = useAppQuery({
    queryKey: ['app', 'checkAuth', useId()],
    gcTime: 0,
    queryFn: async () => {
      try {
        await authProviders.shop.checkAuth({});
        return true;
      } catch {
        await authProviders.shop.logout({}).catch(() => undefined);
        return false;
      }
    },
  });
  const state = signedIn === undefined ? 'checking' : signedIn ? 'in' : 'out';
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
