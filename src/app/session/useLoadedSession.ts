import { useEffect, useState } from 'react';
import { useAppServices, useSession } from '../bootstrap/context';
import type { SessionState } from './store';

/** The session once /users/me and the permissions are loaded; `error` when /users/me failed. */
export function useLoadedSession(): { session: SessionState | null; error: unknown } {
  const { session: loader } = useAppServices();
  const current = useSession();
  const [state, setState] = useState<{ loaded: boolean; error: unknown }>({ loaded: false, error: null });
  useEffect(() => {
    let live = true;
    loader.ensure().then(
      () => live && setState({ loaded: true, error: null }),
      (error: unknown) => live && setState({ loaded: false, error }),
    );
    return () => {
      live = false;
    };
  }, [loader]);
  return { session: state.loaded ? current : null, error: state.error };
}
