import { Snackbar } from '@mui/material';
import type { NoticeType } from './toasts';

const COLOURS: Record<NoticeType, string> = { info: 'info.main', success: 'success.main', warning: 'warning.main', error: 'error.main' };

/**
 * The snackbar of one notice (AppToasts): loaded the first time a notice shows, so MUI's snackbar and
 * its transitions stay out of the JavaScript a page needs before it is usable.
 */
export default function ToastSnackbar({ type, message, autoHideDuration, onClose }: {
  type: NoticeType; message: string; autoHideDuration: number; onClose: () => void;
}) {
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={autoHideDuration}
      onClose={(_, reason) => { if (reason !== 'clickaway') onClose(); }}
      message={message}
      slotProps={{ content: { sx: { bgcolor: COLOURS[type], color: `${type}.contrastText` } } }}
    />
  );
}
