/**
 * Mass assignment: what the harness injects into every write (every read-only, server-set and scope
 * column of the model, and a fixed list of dangerous names), and how it finds what a call stored.
 */
import { sql, type Kysely } from 'kysely';
import { RESOURCES, type FieldDef, type ResourceDef } from '../../../model';
import type { IdPicker } from './payloads';
import type { HarnessRoute, Json } from './route-schemas';

export const INJECTED_ID = '00000000-0000-4000-8000-00000000beef';
export const INJECTED_TIME = '2001-02-03T04:05:06.000Z';
const MONEY = '987654.32';

/** A value only an injection could have stored (distinct ones are checked in every table). */
interface Sentinel { value: unknown; distinct: boolean }

function sentinelOf(f: FieldDef): Sentinel {
  switch (f.kind) {
    case 'enum': return { value: f.values?.find((v) => v !== f.default) ?? f.values?.[0], distinct: false };
    case 'money': return { value: MONEY, distinct: true };
    case 'integer': case 'number': return { value: 987654, distinct: true };
    case 'boolean': return { value: true, distinct: false };
    case 'datetime': return { value: INJECTED_TIME, distinct: true };
    case 'date': return { value: '2001-02-03', distinct: true };
    case 'reference': return { value: INJECTED_ID, distinct: true };
    case 'email': return { value: 'injected@harness.test', distinct: true };
    default: return { value: 'HARNESS-INJECTED', distinct: true };
  }
}

/** Scope ids of another tenant and of a company of this tenant the caller has no access to. */
export interface Foreign { tenantId: string; customerIds: string[] }

/** The injection for a resource: its read-only fields, the system and scope columns, and the dangerous names. */
export function injectionFor(resource: ResourceDef | undefined, foreign: Foreign): Record<string, Sentinel> {
  const out: Record<string, Sentinel> = {
    id: { value: INJECTED_ID, distinct: true }, createdAt: { value: INJECTED_TIME, distinct: true }, updatedAt: { value: INJECTED_TIME, distinct: true },
    tenantId: { value: foreign.tenantId, distinct: true }, customerId: { value: foreign.customerIds[0], distinct: true },
    deleted: { value: true, distinct: false }, status: { value: 'approved', distinct: false }, spent: { value: MONEY, distinct: true },
    budgetSpent: { value: MONEY, distinct: true }, role: { value: 'admin', distinct: false }, roles: { value: ['admin'], distinct: false },
    permissions: { value: ['orders:RWCD', 'users:RWCD'], distinct: false }, platformPermissions: { value: ['suppliers:RWCD'], distinct: true },
    userType: { value: 1, distinct: false }, active: { value: false, distinct: false }, supplierIds: { value: [INJECTED_ID], distinct: true },
    isAdmin: { value: true, distinct: false }, admin: { value: true, distinct: false }, userId: { value: INJECTED_ID, distinct: true },
    realUserId: { value: INJECTED_ID, distinct: true }, ownerId: { value: INJECTED_ID, distinct: true }, orderedById: { value: INJECTED_ID, distinct: true },
  };
  for (const r of RESOURCES) for (const [k, f] of Object.entries(r.fields)) if (f.readOnly && !out[k]) out[k] = { ...sentinelOf(f), distinct: r === resource ? sentinelOf(f).distinct : true };
  for (const [k, f] of Object.entries(resource?.fields ?? {})) if (f.readOnly) out[k] = sentinelOf(f);
  return out;
}

/** Names a route's body schema accepts, at the top and inside its {dto} / {query} wrappers. */
export function writableNames(body: Json | undefined): Set<string> {
  const names = new Set<string>();
  const props = (s: Json | undefined): Record<string, Json> => (s?.properties ?? s?.anyOf?.find((o: Json) => o.properties)?.properties ?? {}) as Record<string, Json>;
  for (const [k, v] of Object.entries(props(body))) {
    names.add(k);
    if (k === 'dto' || k === 'query') for (const inner of Object.keys(props(v))) names.add(inner);
  }
  return names;
}

/** The body with the injection at the top and inside each wrapper object it has. */
export function inject(body: unknown, injection: Record<string, Sentinel>): unknown {
  const values = Object.fromEntries(Object.entries(injection).map(([k, s]) => [k, s.value]));
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ...values };
  const out: Json = { ...values, ...(body as Json) };
  for (const k of ['dto', 'query']) if (out[k] && typeof out[k] === 'object' && !Array.isArray(out[k])) out[k] = { ...values, ...out[k] };
  return out;
}

const same = (a: unknown, b: unknown) => (a instanceof Date ? a.toISOString() === b : JSON.stringify(a) === JSON.stringify(b) || (typeof a === 'string' && String(b) === a && a !== ''));

/**
 * Rows written since `since` (database time) that carry something the caller may not set: another
 * tenant, a foreign company, or an injected value of a name the route does not accept.
 */
export async function violations(db: Kysely<any>, since: string, route: HarnessRoute, own: { tenantId: string; acting: string | null }, foreign: Foreign,
  injection: Record<string, Sentinel>, allowed: Set<string>): Promise<string[]> {
  const found: string[] = [];
  // The audit trail's entries are written by the database for the other tables' rows (what they hold is found there), never from a body.
  for (const r of RESOURCES.filter((x) => x.table !== 'audit_entries')) {
    const rows = await db.selectFrom(r.table).selectAll().where(sql<boolean>`updated_at >= ${since}::timestamptz`).execute();
    for (const row of rows as Json[]) {
      const where = `${r.table} ${row.id}`;
      if ('tenantId' in row && r.scope !== 'platform' && row.tenantId !== own.tenantId) found.push(`${where}: tenantId ${row.tenantId}`);
      if ('customerId' in row && foreign.customerIds.includes(row.customerId)) found.push(`${where}: foreign customerId ${row.customerId}`);
      // A company's own rows written while acting for it belong to it (a platform row has none).
      if (r === route.resource && r.scope !== 'tenant' && own.acting && row.customerId && row.customerId !== own.acting && !allowed.has('customerId')) found.push(`${where}: customerId ${row.customerId}, not the acting company`);
      for (const [k, s] of Object.entries(injection)) {
        if (allowed.has(k) || !(k in row) || (!s.distinct && r !== route.resource)) continue;
        if (same(row[k], s.value)) found.push(`${where}: ${k} = ${JSON.stringify(s.value)}`);
      }
    }
  }
  return found;
}

/** Real ids for reference properties (by field name, across the model), so that a write can succeed. */
export async function idPicker(db: Kysely<any>, tenantId: string, customerId: string | null): Promise<IdPicker> {
  const ids = new Map<string, string>();
  for (const r of RESOURCES) {
    for (const [k, f] of Object.entries(r.fields)) {
      if (f.kind !== 'reference' || !f.target || ids.has(k)) continue;
      const target = RESOURCES.find((x) => x.name === f.target);
      if (!target) continue;
      let q = db.selectFrom(target.table).select('id');
      if (target.scope !== 'platform') q = q.where('tenantId', '=', tenantId);
      if (target.scope === 'customer' && customerId) q = q.where('customerId', '=', customerId);
      const row = await q.orderBy('createdAt').limit(1).executeTakeFirst();
      if (row) ids.set(k, row.id as string);
    }
  }
  return (property) => ids.get(property);
}

/** An existing row the route may change (for update routes): own tenant, the acting company where scoped. */
export async function existingId(db: Kysely<any>, resource: ResourceDef, tenantId: string, customerId: string | null): Promise<string | undefined> {
  let q = db.selectFrom(resource.table).select('id');
  if (resource.scope !== 'platform') q = q.where('tenantId', '=', tenantId);
  if (resource.scope === 'customer' && customerId) q = q.where('customerId', '=', customerId);
  return ((await q.orderBy('createdAt', 'desc').limit(1).executeTakeFirst())?.id as string | undefined);
}
