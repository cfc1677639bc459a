import { useMemo } from 'react';
import { useNotify } from 'react-admin';
import { readSession } from '../session/store';
import { APP_NOTICES, createNotifier, createToastGate, type Notifier } from './notify';

// One 5 s window for the whole app, whichever component (or <Admin>) asks for the toast.
const APP_TOAST_GATE = createToastGate();

/** The app's toasts and notifications (see notify.ts); "signed in" is what the session store says. */
export function useAppNotify(): Notifier {
  const notify = useNotify();
  return useMemo(() => createNotifier(notify, { isAuthenticated: () => readSession().loggedIn, gate: APP_TOAST_GATE, notices: APP_NOTICES }), [notify]);
}
