import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DB_COLUMNS } from '../../generated/db/columns.gen';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * generated/db/database.gen.ts is the Kysely interface of the migrated database; columns.gen.ts
 * lists the same columns with their SQL type and nullability, and the compiler holds it to the
 * interface (a column missing, extra, or nullable on one side only does not compile). Here that list
 * meets the real database after every migration (infra, generated, after), so a drift fails.
 */
let testDb: TestDatabase;
beforeAll(async () => { testDb = await createTestDatabase(); });
afterAll(async () => { await testDb?.cleanup(); });

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** "table.column" → "udt_name null|not null" of every column of the public schema. */
async function databaseColumns(): Promise<Record<string, string>> {
  const { rows } = await sql<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>`
    select table_name, column_name, udt_name, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name in (select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE')
  `.execute(testDb.database.db.withoutPlugins()); // keys as SQL names them
  return Object.fromEntries(rows.map((r) => [`${r.table_name}.${r.column_name}`, `${r.udt_name} ${r.is_nullable === 'YES' ? 'null' : 'not null'}`]));
}

function declaredColumns(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [table, columns] of Object.entries(DB_COLUMNS)) {
    for (const [column, c] of Object.entries(columns)) out[`${snake(table)}.${snake(column)}`] = `${c.udt} ${c.nullable ? 'null' : 'not null'}`;
  }
  return out;
}

describe('the generated database types', () => {
  test('name every table and column of the migrated database, with its type and nullability', async () => {
    expect(declaredColumns()).toEqual(await databaseColumns());
  });

  test('cover the hand-written tables too (app state, identity provider, search)', () => {
    expect(Object.keys(DB_COLUMNS)).toEqual(expect.arrayContaining(['appState', 'schemaMigrations', 'oidcPayloads', 'oidcKeys', 'idpAccounts', 'searchDocuments', 'searchChanges']));
    expect(DB_COLUMNS.searchDocuments.features).toEqual({ udt: '_text', nullable: false });
  });
});
