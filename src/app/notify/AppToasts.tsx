import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslate } from 'ra-core';
import { hideNotice, readNotice, subscribeNotices } from './toasts';
import { APP_TOAST_GATE } from './notify';

const loadSnackbar = () => import('./ToastSnackbar');
const ToastSnackbar = lazy(loadSnackbar);

/** The AppToasts that shows the notices: the app has one snackbar, however many are rendered. */
let holder: object | null = null;

/**
 * The app's snackbar (notify/toasts.ts): the current notice, translated, for its duration. Notices
 * from before it mounted are not shown, nor do they hold the next toast back (the 5 s gate opens
 * when it mounts); a second AppToasts rendered meanwhile stays empty.
 */
export function AppToasts() {
  const [me] = useState(() => ({}));
  const [since] = useState(() => readNotice()?.id ?? 0);
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    if (holder && holder !== me) return;
    holder = me;
    setHolding(true);
    // The toasts before this snackbar are not shown by it: none of them keeps the next one out.
    APP_TOAST_GATE.reset();
    // The snackbar's code comes after the page is usable, before the first notice needs it.
    const later = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback : (fn: () => void) => window.setTimeout(fn, 2000);
    later(() => { void loadSnackbar(); });
    return () => {
      if (holder === me) holder = null;
    };
  }, [me]);
  const notice = useSyncExternalStore(subscribeNotices, readNotice, readNotice);
  const translate = useTranslate();
  if (!holding || !notice || notice.id <= since) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar
        key={notice.id}
        type={notice.type}
        autoHideDuration={notice.autoHideDuration ?? 4000}
        onClose={() => hideNotice(notice.id)}
        message={translate(notice.message, { _: notice.message, ...notice.messageArgs })}
      />
    </Suspense>
  );
}
