import { Button, Stack, Typography } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import { EmailField, Labeled, SelectField, Show, TextField, useRecordContext, useTranslate } from 'react-admin';
import { useCoreServices } from '../../../bootstrap/context';
import { fetchFile } from '../../../data/files';
import { useAppNotify } from '../../../notify/useAppNotify';
import { MAIL_KINDS, MAIL_STATUSES, mailOutbox } from '../../../../../model/resources/mail-outbox';
import { DateField, NumberField, ShowSection } from '../../../generated-support';
import type { MailOutboxRecord } from '../../../../../generated/types/mail-outbox.gen';

/** react-admin choices of one of the model's enum fields, named by their i18n keys (as the generated screens do). */
const choices = (field: string, values: Readonly<Record<string, unknown>>) =>
  Object.keys(values).map((id) => ({ id, name: `resources.mail-outbox.choices.${field}.${id}` }));

const LANGUAGE_CHOICES = choices('language', mailOutbox.fields.language!.valueLabels!);
const DELIVERY_CHOICES = choices('delivery', mailOutbox.fields.delivery!.valueLabels!);

/** Keeps the message's own line breaks, as a mail client shows the text part. */
const MESSAGE_SX = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'block', maxWidth: '80ch' } as const;

/**
 * The files the message carried (a supplier order's PDF), each downloaded as it was sent
 * (GET /admin/mail-outbox/{id}/attachments/{index}).
 */
function Attachments() {
  const record = useRecordContext<Pick<MailOutboxRecord, 'id' | 'attachments'>>();
  const translate = useTranslate();
  const { http } = useCoreServices();
  const { toast } = useAppNotify();
  const files = record?.attachments ?? [];
  if (!record || !files.length) return null;
  async function download(index: number, name: string) {
    try {
      const { blob, fileName } = await fetchFile(http, `/admin/mail-outbox/${record!.id}/attachments/${index}`);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName ?? name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      toast(translate('ra.notification.http_error'), { variation: 'error' });
    }
  }
  return (
    <Labeled label="resources.mail-outbox.fields.attachments">
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {files.map((f, i) => (
          <Button key={i} size="small" variant="outlined" startIcon={<AttachFile />} onClick={() => void download(i, f.fileName ?? 'attachment')}>
            {f.fileName}<Typography component="span" variant="caption" sx={{ ml: 1 }}>{f.size != null ? `${Math.max(1, Math.round(f.size / 1024))} KB` : ''}</Typography>
          </Button>
        ))}
      </Stack>
    </Labeled>
  );
}

/**
 * One message of the outbox (platform admins, read-only): the generated show page of mail-outbox
 * with the message text readable as the recipient reads it, line breaks kept, and any error in full.
 */
export const MailOutboxShow = () => (
  <Show>
    <ShowSection label="resources.mail-outbox.groups.message">
      <EmailField source="recipient" />
      <TextField source="subject" />
      <SelectField source="language" choices={LANGUAGE_CHOICES} />
      <TextField source="text" sx={MESSAGE_SX} />
      <Attachments />
      <DateField source="createdAt" showTime />
    </ShowSection>
    <ShowSection label="resources.mail-outbox.groups.delivery">
      <SelectField source="kind" choices={choices('kind', MAIL_KINDS)} />
      <SelectField source="status" choices={choices('status', MAIL_STATUSES)} />
      <SelectField source="delivery" choices={DELIVERY_CHOICES} />
      <DateField source="sentAt" showTime />
      <NumberField source="attempts" />
      <TextField source="error" sx={MESSAGE_SX} />
      <TextField source="messageId" />
      <DateField source="updatedAt" showTime />
    </ShowSection>
  </Show>
);
