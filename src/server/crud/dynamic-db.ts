import type { Kysely } from 'kysely';

/**
 * The database as the model-driven code sees it: the generic CRUD (and the model-driven seed and
 * test helpers) reach a resource's table by the name in its model definition, known only at run
 * time, so their queries cannot be typed per table. This is the one untyped view of the database;
 * every other query uses Kysely<DB> (generated/db/database.gen.ts), which converts to it implicitly.
 */
export type DynamicDb = Kysely<any>;
