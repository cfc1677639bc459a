import { useMemo } from 'react';
import { readSession } from '../session/store';
import { APP_NOTICES, createNotifier, createToastGate, type Notifier } from './notify';
import { showNotice } from './toasts';

// One 5 s window for the whole app, whichever component asks for the toast.
const APP_TOAST_GATE = createToastGate();

/**
 * The app's toasts and notifications (see notify.ts), shown by the app's snackbar (AppToasts), on the
 * light shop pages and in the react-admin areas alike; "signed in" is what the session store says.
 */
export function useAppNotify(): Notifier {
  return useMemo(() => createNotifier(showNotice, { isAuthenticated: () => readSession().loggedIn, gate: APP_TOAST_GATE, notices: APP_NOTICES }), []);
}
