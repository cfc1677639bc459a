import { useEffect, useId, useRef, useState } from 'react';
import {
  Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel,
  IconButton, Stack, Switch, TextField, Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useOrderCommentsFollow, useOrderCommentsList, useOrderCommentsPost, useOrderCommentsRemove, useOrderCommentsUpdate } from '../../../../generated/app/calls.gen';
import { orderCommentsSeen } from '../../../../generated/app/calls/order-comments.gen';
import type { Contracts } from '../../../shared/contracts';
import type { ContractInput, ResultOf } from '../../../shared/contracts/define';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { callApi } from '../../data/call-api';
import type { CallMutation } from '../../data/call-mutation';
import { describeError } from '../../data/errors';
import { formatDateTime } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import type { OrderDetail } from '../../common/types';
import { sizeText } from './conversation-data';
import { FileDownloadButton } from './FileDownloadButton';
import { SupplierOrderEvent } from './SupplierOrderEvent';
import { resourceCallsKey } from '../../data/calls';

const C = 'shop.conversation';

type ConversationComment = ResultOf<Contracts['order-comments']['list']>['result']['comments'][number];
type ConversationFile = ConversationComment['attachments'][number];

/**
 * The order's conversation (flows §2 tab "communication", §3 Comment, §4 follow): the comments
 * oldest first with their author, moment and files; a message with files (each uploaded as soon as
 * it is chosen, POST /upload) to send; the user's own comments to change or remove; whether the user
 * follows (a mail for every new comment of someone else). Comments the user had not seen are marked
 * 'new' and marked seen on the server as soon as they are shown, which clears the tab's badge and
 * the orders list's count.
 */
export function OrderConversation({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const queryClient = useQueryClient();
  const session = useSession();
  const { data: answer, error, isPending } = useOrderCommentsList({ params: { id: order.id } });
  const data = answer?.result;
  // Comments that were new when shown keep their mark while the page is open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const marking = useRef(new Set<string>());
  const userId = session.user?.id;

  useEffect(() => {
    const unseen = (data?.comments ?? []).filter((c) => !c.seen && !marking.current.has(c.id)).map((c) => c.id);
    if (!unseen.length || !userId) return;
    unseen.forEach((id) => marking.current.add(id));
    setFresh((prev) => new Set([...prev, ...unseen]));
    // Read again once marked (the tab's badge and the orders list's counts); a failure is tried again with the next answer.
    void callApi(http, orderCommentsSeen, { params: { id: order.id }, body: { seenBy: userId, commentIds: unseen } })
      .then(() => queryClient.invalidateQueries({ queryKey: resourceCallsKey(orderCommentsSeen.resource) }), () => unseen.forEach((id) => marking.current.delete(id)));
  }, [data, userId, order.id, http, queryClient]);

  return (
    <Box component="section" aria-labelledby="order-conversation-title" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, maxWidth: 860 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="order-conversation-title" variant="h6" component="h2">{translate(`${C}.title`)}</Typography>
        {data && <FollowSwitch orderId={order.id} following={data.following} />}
      </Box>
      {error && <Alert severity="error">{translate(`${C}.loadFailed`)}</Alert>}
      {isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {data && data.comments.length === 0 && <Typography color="text.secondary">{translate(`${C}.empty`)}</Typography>}
      {data && data.comments.length > 0 && (
        <Box component="ol" aria-labelledby="order-conversation-title" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
          {data.comments.map((c) => <CommentItem key={c.id} orderId={order.id} comment={c} isNew={fresh.has(c.id)} />)}
        </Box>
      )}
      {data && <Composer orderId={order.id} />}
    </Box>
  );
}

function FollowSwitch({ orderId, following }: { orderId: string; following: boolean }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const follow = useOrderCommentsFollow({
    onSuccess: (_, { body }) => toast(body.following ? `${C}.followed` : `${C}.unfollowed`, { variation: 'success' }),
    onError: (e) => toast(describeError(e, { resource: 'order-comments', op: 'update' }, i18n.i18nProvider), { variation: 'error' }),
  });
  const busy = follow.isPending;
  const change = (next: boolean) => follow.mutate({ params: { id: orderId }, body: { following: next } });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <FormControlLabel sx={{ mr: 0 }} label={translate(`${C}.follow`)}
        control={<Switch checked={following} disabled={busy} onChange={(e) => change(e.target.checked)} slotProps={{ input: { 'aria-describedby': `follow-help-${orderId}` } }} />} />
      <Typography id={`follow-help-${orderId}`} variant="caption" color="text.secondary">{translate(`${C}.followHelp`)}</Typography>
    </Box>
  );
}

function CommentItem({ orderId, comment, isNew }: { orderId: string; comment: ConversationComment; isNew: boolean }) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const when = formatDateTime(comment.createdAt);
  const author = comment.mine ? translate(`${C}.you`) : comment.event ? comment.event.supplierName ?? translate(`${C}.supplier`) : comment.authorName ?? translate(`${C}.someone`);
  const params = { id: orderId, commentId: comment.id };
  const update = useOrderCommentsUpdate({
    failure: { op: 'update' },
    onSuccess: () => { toast(`${C}.saved`, { variation: 'success' }); setEditing(false); },
  });
  const removal = useOrderCommentsRemove({
    onSuccess: () => { toast(`${C}.deleted`, { variation: 'success' }); setDeleting(false); },
    onError: (e) => toast(describeError(e, { resource: 'order-comments', op: 'delete' }, i18n.i18nProvider), { variation: 'error' }),
  });
  const busy = removal.isPending;

  return (
    <Box component="li" aria-label={`${author}, ${when}`}
      sx={{ p: 1.5, border: 1, borderColor: isNew ? 'primary.main' : 'divider', borderRadius: 1, bgcolor: comment.mine ? 'action.hover' : 'background.paper', minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle2" component="span">{author}</Typography>
        <Typography variant="caption" color="text.secondary" component="span">
          {when}{comment.editedAt ? ` · ${translate(`${C}.edited`)}` : ''}
        </Typography>
        {isNew && <Chip size="small" color="primary" label={translate(`${C}.new`)} />}
        <Box sx={{ flex: 1 }} />
        {comment.mine && !editing && (
          <Box sx={{ display: 'flex' }}>
            <IconButton size="small" aria-label={translate(`${C}.editNamed`, { date: when })} onClick={() => { update.reset(); setEditing(true); }}><EditOutlinedIcon fontSize="small" /></IconButton>
            <IconButton size="small" aria-label={translate(`${C}.delete`)} onClick={() => setDeleting(true)}><DeleteOutlineIcon fontSize="small" /></IconButton>
          </Box>
        )}
      </Box>
      {comment.event ? <SupplierOrderEvent event={comment.event} remark={comment.content} /> : editing ? (
        <MessageEditor orderId={orderId} initial={comment} submitLabel={translate('ra.action.save')} onCancel={() => setEditing(false)}
          call={update} onSubmit={(content, urls) => update.mutate({ params, body: { content, attachmentUrls: urls } })} />
      ) : (
        <>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{comment.content}</Typography>
          {comment.attachments.length > 0 && (
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {comment.attachments.map((f) => <FileDownloadButton key={f.blobName} url={f.url} fileName={f.fileName} size={f.size} />)}
            </Stack>
          )}
        </>
      )}
      <Dialog open={deleting} onClose={() => !busy && setDeleting(false)} aria-labelledby={`delete-${comment.id}`}>
        <DialogTitle id={`delete-${comment.id}`}>{translate(`${C}.deleteTitle`)}</DialogTitle>
        <DialogContent><DialogContentText>{translate(`${C}.deleteText`)}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => removal.mutate({ params })} disabled={busy}>{translate(`${C}.delete`)}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** A new message at the bottom of the conversation. */
function Composer({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  // A new editor after each message: its text and files start empty again.
  const [round, setRound] = useState(0);
  const post = useOrderCommentsPost({
    failure: { op: 'create' },
    onSuccess: () => { toast(`${C}.sent`, { variation: 'success' }); setRound((r) => r + 1); },
  });
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <MessageEditor key={round} orderId={orderId} submitLabel={translate(`${C}.send`)}
        call={post} onSubmit={(content, urls) => post.mutate({ params: { id: orderId }, body: { content, attachmentUrls: urls } })} />
    </Box>
  );
}

interface EditorProps {
  orderId: string;
  initial?: Pick<ConversationComment, 'content' | 'attachments'>;
  submitLabel: string;
  /** The call the message goes with (its busy state and translated refusal). */
  call: Pick<CallMutation<ContractInput>, 'isPending' | 'errorText' | 'reset'>;
  onSubmit: (content: string, attachmentUrls: string[]) => void;
  onCancel?: () => void;
}

/** The text and files of a message, new or changed: files upload as soon as they are chosen; a refusal shows its reason. */
function MessageEditor({ orderId, initial, submitLabel, call, onSubmit, onCancel }: EditorProps) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const [content, setContent] = useState(initial?.content ?? '');
  const [files, setFiles] = useState<ConversationFile[]>(initial?.attachments ?? []);
  const [uploading, setUploading] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  // The files upload one after another as they are chosen (not a call of the message): a refused one says which here.
  const [uploadError, setUploadError] = useState<string | null>(null);
  const busy = call.isPending;
  const error = uploadError ?? call.errorText;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const empty = !content.trim();
  const full = files.length + uploading.length >= CONSTANTS.maxAttachmentsPerComment;

  async function add(chosen: FileList | null) {
    const list = [...(chosen ?? [])].slice(0, CONSTANTS.maxAttachmentsPerComment - files.length - uploading.length);
    if (input.current) input.current.value = '';
    setUploadError(null);
    call.reset();
    for (const file of list) {
      setUploading((u) => [...u, file.name]);
      try {
        const form = new FormData();
        form.append('file', file, file.name);
        const { json } = await http.fetchJson('/upload?containerName=order-conversation', { method: 'POST', body: form });
        setFiles((f) => [...f, json as ConversationFile]);
      } catch (e) {
        setUploadError(`${file.name}: ${describeError(e, {}, i18n.i18nProvider)}`);
      } finally {
        setUploading((u) => { const i = u.indexOf(file.name); return i < 0 ? u : [...u.slice(0, i), ...u.slice(i + 1)]; });
      }
    }
  }

  function submit() {
    setTouched(true);
    if (empty || uploading.length) return;
    setUploadError(null);
    onSubmit(content.trim(), files.map((f) => f.url));
  }

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <TextField id={id} label={translate(`${C}.message`)} multiline minRows={initial ? 2 : 3} value={content} onChange={(e) => setContent(e.target.value)}
        required error={touched && empty} helperText={touched && empty ? translate('validation.messages.required') : undefined}
        slotProps={{ htmlInput: { maxLength: CONSTANTS.commentMaxLength } }} />
      {(files.length > 0 || uploading.length > 0) && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {files.map((f) => (
            <Box key={f.blobName} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%', pl: 1, border: 1, borderColor: 'divider', borderRadius: 4 }}>
              <AttachFileIcon fontSize="small" aria-hidden />
              <Typography variant="body2" noWrap>{f.fileName} ({sizeText(f.size)})</Typography>
              <IconButton size="small" aria-label={translate(`${C}.removeFile`, { name: f.fileName })}
                onClick={() => setFiles((list) => list.filter((x) => x.blobName !== f.blobName))}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {uploading.map((name, i) => (
            <Chip key={`${name}-${i}`} icon={<CircularProgress size={14} />} label={translate(`${C}.uploading`, { name })} sx={{ maxWidth: '100%' }} />
          ))}
        </Stack>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} disabled={busy || full}>
          {translate(`${C}.attach`)}
          <input ref={input} type="file" multiple hidden onChange={(e) => void add(e.target.files)} />
        </Button>
        <Box sx={{ flex: 1 }} />
        {onCancel && <Button onClick={onCancel} disabled={busy}>{translate('ra.action.cancel')}</Button>}
        <Button variant="contained" onClick={submit} disabled={busy || uploading.length > 0}>{submitLabel}</Button>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate(`${C}.attachHelp`, { mb: CONSTANTS.conversationFileMaxMb, count: CONSTANTS.maxAttachmentsPerComment })}
      </Typography>
      <span style={visuallyHidden} aria-live="polite">{uploading.length ? translate(`${C}.uploading`, { name: uploading.join(', ') }) : ''}</span>
    </Box>
  );
}

/** The conversation tab's label: how many comments the user has not seen (nothing when none). */
export function UnseenBadge({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { data } = useOrderCommentsList({ params: { id: orderId } });
  const count = data?.result.unseenCount ?? 0;
  if (!count) return null;
  return (
    <>
      <Chip size="small" color="primary" label={count} aria-hidden sx={{ ml: 1, height: 20 }} />
      <span style={visuallyHidden}>{translate(`${C}.unseen`, { smart_count: count })}</span>
    </>
  );
}
