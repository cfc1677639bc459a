import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDateTime } from '../../i18n/format';
import type { OrderDetail } from '../../common/types';
import { useOrderCommentsList } from '../../../../generated/app/calls.gen';
import { FileDownloadButton } from './FileDownloadButton';

const A = 'shop.attachments';

const urlOf = (containerName: string, blobName: string) =>
  `/upload?containerName=${encodeURIComponent(containerName)}&blobName=${encodeURIComponent(blobName)}`;

/**
 * Every file of the order in one place (flows §2 tab "attachments"): the files of its attachment
 * lines and those sent in its conversation, each with who sent it and when, to download.
 */
export function OrderAttachments({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { data: answer, error } = useOrderCommentsList({ params: { id: order.id } });
  const data = answer?.result;
  // A record from the orders list (shown while the order loads) has no lines yet.
  // The lines that are a file (flows §3: "orderLines (article lines or attachment PDF lines)").
  const lines = (order.orderLines ?? []).filter((l) => l.attachment?.blobName);
  const shared = (data?.comments ?? []).flatMap((c) => c.attachments.map((f) => ({ file: f, comment: c })));
  const nothing = !lines.length && data && !shared.length;
  return (
    <Box component="section" aria-labelledby="order-attachments-title" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, maxWidth: 860 }}>
      <Typography id="order-attachments-title" variant="h6" component="h2">{translate(`${A}.title`)}</Typography>
      {error && <Alert severity="error">{translate('shop.conversation.loadFailed')}</Alert>}
      {nothing && <Typography color="text.secondary">{translate(`${A}.empty`)}</Typography>}
      {lines.length > 0 && (
        <>
          <Typography id="order-attachments-lines" variant="subtitle1" component="h3">{translate(`${A}.fromOrder`)}</Typography>
          <List dense aria-labelledby="order-attachments-lines">
            {lines.map((l) => (
              <ListItem key={l.id} disableGutters>
                <FileDownloadButton url={urlOf(l.attachment!.containerName, l.attachment!.blobName)} fileName={l.attachment!.fileName} size={l.attachment!.size} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {shared.length > 0 && (
        <>
          <Typography id="order-attachments-conversation" variant="subtitle1" component="h3">{translate(`${A}.fromConversation`)}</Typography>
          <List dense aria-labelledby="order-attachments-conversation">
            {shared.map(({ file, comment }) => (
              <ListItem key={file.blobName} disableGutters sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
                <FileDownloadButton url={file.url} fileName={file.fileName} size={file.size} />
                <ListItemText sx={{ m: 0 }} secondary={translate(`${A}.byOn`, {
                  name: comment.mine ? translate('shop.conversation.you') : comment.authorName ?? translate('shop.conversation.someone'),
                  date: formatDateTime(comment.createdAt),
                })} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
