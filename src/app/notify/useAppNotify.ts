import { useMemo } from 'react';
import { readSession } from '../session/store';
import { APP_NOTICES, APP_TOAST_GATE, createNotifier, type Notifier } from './notify';
import { showNotice } from './toasts';

/**
 * The app's toasts and notifications (see notify.ts), shown by the app's snackbar (AppToasts), on the
 * light shop pages and in the react-admin areas alike; "signed in" is what the session store says.
 */
export function useAppNotify(): Notifier {
  return useMemo(() => createNotifier(showNotice, { isAuthenticated: () => readSession().loggedIn, gate: APP_TOAST_GATE, notices: APP_NOTICES }), []);
}
