import { mailOutboxContracts } from '../../shared/contracts/mail-outbox';
import { ApiError } from '../errors';
import { MAIL_ATTACHMENTS_CONTAINER } from '../fulfilment/send-job';
import { attachmentDisposition, BLOB_NAME_RE } from '../storage/blob-store';
import { implement } from './define';

/** The outbox's files (platform admins): what a message carried, read back from the blob store as it was sent. */

interface Attachment { fileName?: string; contentType?: string; size?: number; blobName?: string }

export const mailOutboxActions = implement(mailOutboxContracts, {
  attachment: async ({ db, request, reply, owner, params: { id, index } }) => {
    const tenantId = owner.tenantId;
    const row = await db.selectFrom('mailOutbox').select(['attachments']).where('id', '=', id).where('tenantId', '=', tenantId).executeTakeFirst();
    const list = (typeof row?.attachments === 'string' ? JSON.parse(row.attachments) : row?.attachments ?? []) as Attachment[];
    const file = list[index];
    if (!file?.blobName || !BLOB_NAME_RE.test(file.blobName)) throw new ApiError('FileNotFound');
    const found = await request.server.blobs.read({ tenantId, containerName: MAIL_ATTACHMENTS_CONTAINER, blobName: file.blobName });
    if (!found) throw new ApiError('FileNotFound');
    return reply.type(found.meta.contentType).header('content-length', String(found.meta.size))
      .header('content-disposition', attachmentDisposition(found.meta.fileName)).header('cache-control', 'private, no-store')
      .send(found.body);
  },
});
