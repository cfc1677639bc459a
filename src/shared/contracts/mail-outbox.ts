import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { mailOutbox } from '../../../model/resources/mail-outbox';
import { binaryAnswer, contractsOf } from './define';
import { uuidText } from './shapes';

/**
 * The file as it was sent: no JSON answer but its bytes, so the answer is declared as the route's
 * OpenAPI response object (the type provider passes a non-zod response through as is).
 */
const fileAnswer = binaryAnswer('application/octet-stream', 'The file as it was sent, with its type and its name as a download.');

/** The outbox's files (platform admins): what a message carried, read back from the blob store as it was sent. */
export const mailOutboxContracts = contractsOf(mailOutbox, {
  attachment: {
    method: 'GET', path: '/admin/mail-outbox/{id}/attachments/{index}', access: access.platformAdmin(),
    summary: 'One file sent with a message of the outbox (index from 0 in its attachments), as it was sent: its bytes with its type, offered under its name.',
    params: z.object({ id: uuidText, index: z.coerce.number().int().min(0).max(50) }),
    response: fileAnswer,
    errors: ['FileNotFound'],
  },
});
