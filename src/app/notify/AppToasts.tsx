import { useEffect, useState, useSyncExternalStore } from 'react';
import { Snackbar } from '@mui/material';
import { useTranslate } from 'ra-core';
import { hideNotice, readNotice, subscribeNotices, type NoticeType } from './toasts';

const COLOURS: Record<NoticeType, string> = { info: 'info.main', success: 'success.main', warning: 'warning.main', error: 'error.main' };

/** The AppToasts that shows the notices: the app has one snackbar, however many are rendered. */
let holder: object | null = null;

/**
 * The app's snackbar (notify/toasts.ts): the current notice, translated, for its duration. Notices
 * from before it mounted are not shown; a second AppToasts rendered meanwhile stays empty.
 */
export function AppToasts() {
  const [me] = useState(() => ({}));
  const [since] = useState(() => readNotice()?.id ?? 0);
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    if (holder && holder !== me) return;
    holder = me;
    setHolding(true);
    return () => {
      if (holder === me) holder = null;
    };
  }, [me]);
  const notice = useSyncExternalStore(subscribeNotices, readNotice, readNotice);
  const translate = useTranslate();
  if (!holding || !notice || notice.id <= since) return null;
  return (
    <Snackbar
      key={notice.id}
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={notice.autoHideDuration ?? 4000}
      onClose={(_, reason) => { if (reason !== 'clickaway') hideNotice(notice.id); }}
      message={translate(notice.message, { _: notice.message, ...notice.messageArgs })}
      slotProps={{ content: { sx: { bgcolor: COLOURS[notice.type], color: `${notice.type}.contrastText` } } }}
    />
  );
}
