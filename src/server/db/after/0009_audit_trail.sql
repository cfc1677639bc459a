-- The audit trail (docs/audit-trail.md): every row written to a table of a company's data leaves an
-- entry in audit_entries, written by this trigger in the writing statement's transaction (a write
-- rolled back leaves none). Who wrote comes from the connection's setting audit.actor, which the
-- server sets from the request or job that holds the connection (src/server/db/audit-actor.ts):
-- '<user id>|<impersonated user id>|<acting customer id>', a job's 'job:<name>||', '-' for the demo
-- seed and the benchmarks' data (not recorded), and none at all for any other write ('system').
create or replace function audit_trail() returns trigger language plpgsql as $$
declare
  setting text := coalesce(nullif(current_setting('audit.actor', true), ''), 'system');
  who text := split_part(setting, '|', 1);
  old_row jsonb;
  new_row jsonb;
  row_ jsonb;
  changed jsonb;
  customer text;
begin
  if who = '-' then return null; end if;
  if TG_OP <> 'INSERT' then old_row := to_jsonb(OLD); end if;
  if TG_OP <> 'DELETE' then new_row := to_jsonb(NEW); end if;
  row_ := coalesce(new_row, old_row);
  -- The fields written: an insert's and a delete's every filled field, an update's changed ones;
  -- technical columns left out, secrets masked, values as text, names as the API spells them.
  select coalesce(jsonb_agg(jsonb_build_object(
           'field', lower(left(k, 1)) || substr(replace(initcap(k), '_', ''), 2),
           'before', case when k ~ '(password|token|secret|hash)' and old_row -> k is not null then '***' else old_row ->> k end,
           'after', case when k ~ '(password|token|secret|hash)' and new_row -> k is not null then '***' else new_row ->> k end
         ) order by k), '[]'::jsonb)
    into changed
    from jsonb_object_keys(row_) as k
   where k not in ('id', 'tenant_id', 'customer_id', 'created_at', 'updated_at', 'last_seen_at')
     and (old_row -> k) is distinct from (new_row -> k)
     and (TG_OP = 'UPDATE' or jsonb_typeof(row_ -> k) <> 'null');
  -- An update that changed nothing but technical columns (a user seen again) is no change of the data.
  if TG_OP = 'UPDATE' and changed = '[]'::jsonb then return null; end if;
  -- The company the row belongs to; a row of none (a user) is the acting company's change, if any.
  customer := case when TG_TABLE_NAME = 'customers' then row_ ->> 'id'
                   when row_ ? 'customer_id' then row_ ->> 'customer_id'
                   else nullif(split_part(setting, '|', 3), '') end;
  insert into audit_entries (tenant_id, customer_id, table_name, record_id, action, changes, actor_user_id, impersonated_user_id, actor, impersonated_name, at)
  values (
    (row_ ->> 'tenant_id')::uuid,
    customer::uuid,
    TG_TABLE_NAME,
    row_ ->> 'id',
    lower(TG_OP),
    changed,
    case when who ~ '^[0-9a-f]{8}-' then who::uuid end,
    nullif(split_part(setting, '|', 2), '')::uuid,
    -- The names as they were when the row was written: the trail reads without a join, and a renamed
    -- or removed user stays who they were then.
    case when who ~ '^[0-9a-f]{8}-' then (select coalesce(nullif(u.displayname, ''), u.email) from users u where u.id = who::uuid) else who end,
    (select coalesce(nullif(u.displayname, ''), u.email) from users u where u.id = nullif(split_part(setting, '|', 2), '')::uuid),
    now()
  );
  return null;
end $$;

-- The tables of a company's data. Not here: the catalogue (articles, offers, categories: the
-- platform's, thousands of rows a seed or an import writes), what is itself a journal (order history,
-- budget entries, stock movements, mail, impersonation log, CRM events), a buyer's working state (the
-- basket, seen marks, followers) and the platform's own settings.
do $$
declare
  t text;
begin
  foreach t in array array[
    'customers', 'users', 'customer_accesses', 'customer_departments', 'customer_addresses', 'projects',
    'warehouses', 'warehouse_instances', 'suppliers', 'supplier_budget_references', 'order_pdf_settings',
    'budgets', 'orders', 'order_lines', 'order_templates', 'supplier_orders', 'supplier_order_lines',
    'deliveries', 'delivery_lines', 'invoices', 'invoice_lines',
    'contract_categories', 'contract_layouts', 'contracts'
  ] loop
    execute format('create trigger audit_trail after insert or update or delete on %I for each row execute function audit_trail()', t);
  end loop;
end $$;
