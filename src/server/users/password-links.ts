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

/** Minutes in which a second request for the same account sends no second mail (no mail flood from the sign-in page). */
export const LINK_REQUEST_COOLDOWN_MINUTES = 2;

const userByEmail = (db: Kysely<DB>, tenantId: string, email: string) =>
  db.selectFrom('users').select(['id', 'active']).where('tenantId', '=', tenantId).where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();

/** Serialises the requests for one address of a tenant (two sign-ups of one address make one user). */
const lockAddress = (trx: Transaction<DB>, tenantId: string, email: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`password-link:${tenantId}:${email.trim().toLowerCase()}`}))`.execute(trx);

/** Queues a new link for the user unless an unused one was made in the last LINK_REQUEST_COOLDOWN_MINUTES; whether it did. */
async function sendUnlessRecent(trx: Transaction<DB>, tenantId: string, userId: string, invited: boolean): Promise<boolean> {
  const recent = await trx.selectFrom('passwordLinks').select('id').where('tenantId', '=', tenantId).where('userId', '=', userId).where('usedAt', 'is', null)
    .where('createdAt', '>', sql<Date>`now() - make_interval(mins => ${LINK_REQUEST_COOLDOWN_MINUTES})`).executeTakeFirst();
  if (recent) return false;
  await sendPasswordLink(trx, { tenantId, userId, invited });
  return true;
}

/**
 * "Forgot your password?" on the sign-in page: a new link for the tenant's active user with that
 * address. An unknown or inactive address gets nothing, and the page answers the same either way (it
 * tells nobody which addresses have an account). Answers whether a mail was queued.
 */
export async function requestPasswordReset(db: Kysely<DB>, tenantId: string, email: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockAddress(trx, tenantId, email);
    const user = await userByEmail(trx, tenantId, email);
    return user?.active ? sendUnlessRecent(trx, tenantId, user.id as string, false) : false;
  });
}

/**
 * "Create an account" on the sign-in page (flows §1 self-registration): a new user of the tenant
 * without any company and the mail to choose a password; once signed in, the shop leads them to the
 * registration wizard. An address the tenant knows gets the "forgot your password" mail instead
 * (an inactive one nothing), so the page answers the same whether or not the address had an account.
 */
export async function signUp(db: Kysely<DB>, input: { tenantId: string; email: string; firstname: string; lastname: string; languageCode: string }): Promise<'created' | 'known'> {
  const email = input.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    await lockAddress(trx, input.tenantId, email);
    const known = await userByEmail(trx, input.tenantId, email);
    if (known) {
      if (known.active) await sendUnlessRecent(trx, input.tenantId, known.id as string, false);
      return 'known';
    }
    const user = await trx.insertInto('users').values({
      tenantId: input.tenantId, email, firstname: input.firstname, lastname: input.lastname, displayname: `${input.firstname} ${input.lastname}`,
      userType: 3, languageCode: input.languageCode, active: true,
      platformPermissions: JSON.stringify([]), supplierIds: JSON.stringify([]), preferences: JSON.stringify({}),
    } as never).returning('id').executeTakeFirstOrThrow();
    await sendPasswordLink(trx, { tenantId: input.tenantId, userId: user.id as string, invited: false });
    return 'created';
  });
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
