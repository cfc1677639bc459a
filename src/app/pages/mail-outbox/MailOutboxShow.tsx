import { EmailField, SelectField, Show, TextField } from 'react-admin';
import { MAIL_KINDS, MAIL_STATUSES, mailOutbox } from '../../../../model/resources/mail-outbox';
import { DateField, NumberField, ShowSection } from '../../generated-support';

/** react-admin choices of one of the model's enum fields, named by their i18n keys (as the generated screens do). */
const choices = (field: string, values: Readonly<Record<string, unknown>>) =>
  Object.keys(values).map((id) => ({ id, name: `resources.mail-outbox.choices.${field}.${id}` }));

const LANGUAGE_CHOICES = choices('language', mailOutbox.fields.language!.valueLabels!);
const DELIVERY_CHOICES = choices('delivery', mailOutbox.fields.delivery!.valueLabels!);

/** Keeps the message's own line breaks, as a mail client shows the text part. */
const MESSAGE_SX = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'block', maxWidth: '80ch' } as const;

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
