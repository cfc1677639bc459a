/**
 * The migrator's record of applied scripts. Created in code before any script runs (a script cannot
 * create the table that records it); the generator reads this statement for the database types.
 */
export const SCHEMA_MIGRATIONS_DDL = 'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())';
