import { z } from 'zod';
import { ApiError } from '../errors';
import { MAIL_ATTACHMENTS_CONTAINER } from '../fulfilment/send-job';
import { attachmentDisposition, BLOB_NAME_RE } from '../storage/blob-store';
import { actionsOf, type ActionContext, type ActionSchemas } from './index';

/** The outbox's files (platform admins): what a message carried, read back from the blob store as it was sent. */

const params = z.object({ id: z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid'), index: z.coerce.number().int().min(0).max(50) });
const fileAnswer = { description: 'The file as it was sent, with its type and its name as a download.', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } } as unknown as z.ZodType;

export const mailOutboxSchemas: Record<string, ActionSchemas> = {
  attachment: { params, response: fileAnswer },
};

interface Attachment { fileName?: string; contentType?: string; size?: number; blobName?: string }

const attachment = async (ctx: ActionContext) => {
  const { id, index } = params.parse(ctx.params);
  const tenantId = ctx.owner.tenantId;
  const row = await ctx.db.selectFrom('mailOutbox').select(['attachments']).where('id', '=', id).where('tenantId', '=', tenantId).executeTakeFirst();
  const list = (typeof row?.attachments === 'string' ? JSON.parse(row.attachments) : row?.attachments ?? []) as Attachment[];
  const file = list[index];
  if (!file?.blobName || !BLOB_NAME_RE.test(file.blobName)) throw new ApiError('FileNotFound');
  const found = await ctx.request.server.blobs.read({ tenantId, containerName: MAIL_ATTACHMENTS_CONTAINER, blobName: file.blobName });
  if (!found) throw new ApiError('FileNotFound');
  return ctx.reply.type(found.meta.contentType).header('content-length', String(found.meta.size))
    .header('content-disposition', attachmentDisposition(found.meta.fileName)).header('cache-control', 'private, no-store')
    .send(found.body);
};

export const mailOutboxActions = actionsOf({ attachment });
