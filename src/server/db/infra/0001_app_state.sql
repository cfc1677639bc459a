-- Hand-written infrastructure tables (not part of the domain model).
-- app_state: one row per one-time task already done on this database (e.g. 'seed'), so that
-- several processes starting on the same database do not repeat it.
create table if not exists app_state (
  key text primary key,
  value jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);
