import { useId } from 'react';
import { useCoreServices, useSession } from '../bootstrap/context';
import { useAppQuery } from '../data/query-client';
import type { SessionState } from './store';

/**
 * The session loader's ensure() as a query: /users/me, the permissions and the settings, loaded
 * once by the loader (which is the cache: it keeps the answer and shares a load under way) and
 * delivered to this component while it is mounted. One query per mounted component, dropped when
 * it unmounts: each mount asks the loader (at no cost once loaded), as a guard must, so a sign-in,
 * sign-out or company switch since is never answered from another component's earlier answer.
 */
export function useEnsuredSession() {
  const { session: loader } = useCoreServices();
  const asker = useId();
  return useAppQuery({ queryKey: ['app', 'session', asker], queryFn: () => loader.ensure(), gcTime: 0 });
}

/** The session once /users/me and the permissions are loaded; `error` when /users/me failed. */
export function useLoadedSession(): { session: SessionState | null; error: unknown } {
  const current = useSession();
  const { isSuccess, error } = useEnsuredSession();
  return { session: isSuccess ? current : null, error: error ?? null };
}
