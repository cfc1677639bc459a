import { useState } from 'react';
import { Button } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import { downloadFile, sizeText } from './conversation-data';

/**
 * A file of the order as a button that downloads it (GET /upload…, with the user's token: a plain
 * link could not send it), under the name it was uploaded with. A refused download says why.
 */
export function FileDownloadButton({ url, fileName, size }: { url: string; fileName: string; size?: number | null }) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(http, url, fileName);
    } catch (e) {
      const message = describeError(e, {}, i18n.i18nProvider);
      toast(message === translate('app.error.general') ? 'shop.conversation.downloadFailed' : message, { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} disabled={busy} onClick={() => void download()}
      aria-label={translate('shop.conversation.download', { name: fileName })}
      sx={{ textTransform: 'none', maxWidth: '100%', justifyContent: 'flex-start', '& .MuiButton-startIcon': { flexShrink: 0 } }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{fileName}</span>
      {size != null && <span style={{ marginLeft: 6, opacity: 0.7, flexShrink: 0 }}>({sizeText(size)})</span>}
    </Button>
  );
}
