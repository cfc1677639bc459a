import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { ApiError } from '../errors';
import { queueMail } from '../mail/queue-mail';
import { upsertIdpAccount } from '../oidc/accounts';
import type { DB } from '../../../generated/db/database.gen';

/**
 * Links to set a password on the embedded identity provider (flows §4 users: the invitation and
 * createAndSentPasswordMail). The mail carries a random secret; only its SHA-256 is stored, so the
 * table does not open accounts to whoever reads it. A new link replaces the user's earlier ones; a
 * link works once, and not after CONSTANTS.passwordLinkHours ('reset link invalid').
 */

/** The identity provider's set-password page (src/server/oidc/set-password.ts), on the tenant's own host. */
export { SET_PASSWORD_PATH } from './paths';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a link for the user and queues its mail inside the caller's transaction (sent when it commits). */
export async function sendPasswordLink(trx: Transaction<DB>, input: { tenantId: string; userId: string; invited: boolean }): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  // Earlier links of the user stop working: only the newest mail opens the account.
  await trx.deleteFrom('passwordLinks').where('tenantId', '=', input.tenantId).where('userId', '=', input.userId).where('usedAt', 'is', null).execute();
  await trx.insertInto('passwordLinks').values({
    tenantId: input.tenantId, userId: input.userId, tokenHash: hashOf(token),
    expiresAt: sql<Date>`now() + make_interval(hours => ${CONSTANTS.passwordLinkHours})`,
  }).execute();
  await queueMail(trx, { tenantId: input.tenantId, recipients: [input.userId], mail: { kind: 'passwordLink', token, invited: input.invited } });
}

/** The link's user, when the link exists, is unused, has not expired and its user is active; else undefined. */
export async function findPasswordLink(db: Kysely<DB>, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return db.selectFrom('passwordLinks as l').innerJoin('users as u', 'u.id', 'l.userId').innerJoin('tenants as t', 't.id', 'l.tenantId')
    .select(['l.id', 'l.tenantId', 'u.id as userId', 'u.email', 'u.displayname', 't.name as tenantName', 't.theme', 't.hostname'])
    .where('l.tokenHash', '=', hashOf(token)).where('l.usedAt', 'is', null).where('l.expiresAt', '>', sql<Date>`now()`)
    .where('u.active', '=', true).executeTakeFirst();
}

/**
 * Sets the password of the link's user on the identity provider and uses the link up, in one
 * transaction: a link that is invalid, expired or used gives ResetLinkInvalid, a short password
 * PasswordTooWeak; neither changes anything.
 */
export async function setPasswordWithLink(db: Kysely<DB>, token: string, password: string): Promise<{ email: string; hostname: string }> {
  return db.transaction().execute(async (trx) => {
    const link = await findPasswordLink(trx, token);
    if (!link) throw new ApiError('ResetLinkInvalid');
    if (password.length < CONSTANTS.passwordMinLength || password.length > 200) throw new ApiError('PasswordTooWeak');
    // The row is taken before the account changes: two posts of the same link cannot both pass.
    const used = await trx.updateTable('passwordLinks').set({ usedAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', link.id).where('usedAt', 'is', null).returning('id').executeTakeFirst();
    if (!used) throw new ApiError('ResetLinkInvalid');
    await upsertIdpAccount(trx, { email: link.email, password, displayname: link.displayname });
    return { email: link.email, hostname: link.hostname };
  });
}
