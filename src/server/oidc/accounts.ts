import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Kysely } from 'kysely';
import { asOidcDb, type OidcDb } from './db-types';
import type { DB } from '../../../generated/db/database.gen';

/** Sign-in accounts of the embedded identity provider (table idp_accounts). */
export interface IdpAccount { id: string; email: string; displayname: string | null }

const KEY_LENGTH = 64;
const PARAMS = { N: 16384, r: 8, p: 1 } as const;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** 'scrypt$N$r$p$salt$hash': the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

// Compared against when the e-mail is unknown, so a wrong e-mail costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The account when e-mail and password match, else undefined. */
export async function verifyPassword(db: Kysely<DB> | OidcDb, email: string, password: string): Promise<IdpAccount | undefined> {
  const row = await asOidcDb(db).selectFrom('idp_accounts').select(['id', 'email', 'displayname', 'password_hash'])
    .where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!row) {
    await verifyPasswordHash(password, await (dummyHash ??= hashPassword('not-a-password')));
    return undefined;
  }
  if (!(await verifyPasswordHash(password, row.password_hash))) return undefined;
  return { id: row.id, email: row.email, displayname: row.displayname };
}

export async function findIdpAccount(db: Kysely<DB> | OidcDb, id: string): Promise<IdpAccount | undefined> {
  // ids are uuids; anything else (an old or forged session) simply finds nothing.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return asOidcDb(db).selectFrom('idp_accounts').select(['id', 'email', 'displayname']).where('id', '=', id).executeTakeFirst();
}

/** Creates the account, or sets a new password and name when the e-mail exists. */
export async function upsertIdpAccount(
  db: Kysely<DB> | OidcDb,
  input: { email: string; password: string; displayname?: string | null },
): Promise<IdpAccount> {
  const values = { email: normalizeEmail(input.email), password_hash: await hashPassword(input.password), displayname: input.displayname ?? null };
  return asOidcDb(db).insertInto('idp_accounts').values(values)
    .onConflict((oc) => oc.column('email').doUpdateSet({ password_hash: values.password_hash, displayname: values.displayname }))
    .returning(['id', 'email', 'displayname']).executeTakeFirstOrThrow();
}

/** The demo sign-ins of DESIGN §4; the seeds create the matching users rows per tenant. */
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', displayname: 'Demo Super Admin' },
  { email: 'admin@demo.test', displayname: 'Demo Admin' },
  { email: 'buyer@demo.test', displayname: 'Demo Buyer' },
  { email: 'manager@demo.test', displayname: 'Demo Manager' },
  { email: 'finance@demo.test', displayname: 'Demo Finance' },
  { email: 'supplier@demo.test', displayname: 'Demo Supplier' },
  { email: 'newcomer@demo.test', displayname: 'Demo Newcomer' },
] as const;
export const DEMO_PASSWORD = 'demo';

/** Creates the missing demo accounts (password 'demo'); existing ones are left as they are. */
export async function ensureDemoAccounts(db: Kysely<DB> | OidcDb): Promise<void> {
  const odb = asOidcDb(db);
  const existing = new Set((await odb.selectFrom('idp_accounts').select('email')
    .where('email', 'in', DEMO_ACCOUNTS.map((a) => a.email)).execute()).map((r) => r.email));
  for (const account of DEMO_ACCOUNTS) {
    if (existing.has(account.email)) continue;
    await odb.insertInto('idp_accounts')
      .values({ email: account.email, displayname: account.displayname, password_hash: await hashPassword(DEMO_PASSWORD) })
      .onConflict((oc) => oc.column('email').doNothing()).execute();
  }
}
