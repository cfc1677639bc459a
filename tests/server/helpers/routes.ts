import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { RESOURCES, type AccessRule, type FieldDef, type HttpMethod } from '../../../model';
import type { DynamicDb } from '../../../src/server/crud/dynamic-db';
import { CONTRACTS } from '../../../src/shared/contracts';

export interface SweepRoute {
  name: string;
  method: HttpMethod;
  /** With {param} placeholders, relative to /api. */
  path: string;
  access: AccessRule;
}

/** Every route the model's endpoints declare and every custom action's contract (as the server registers them). */
export function modelRoutes(): SweepRoute[] {
  return [
    ...RESOURCES.flatMap((r) => [
      ...Object.entries(r.endpoints).flatMap(([set, e]) => e.routes.map((x) => ({ name: `${r.name}.${set}.${x.op}`, method: x.method, path: x.path, access: x.access }))),
    ]),
    ...Object.values(CONTRACTS).flatMap((cs) => Object.values(cs).map((c) => ({ name: `${c.resource}.${c.name}`, method: c.method, path: c.path, access: c.access }))),
  ];
}

/** A plugin for startTestApp that collects every /api route as registered, hand-written ones too. */
export function routeCollector(into: SweepRoute[]) {
  return (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = ([] as string[]).concat(route.method);
      if (!route.url.startsWith('/api/') || methods.includes('HEAD')) return;
      const rule = (route.config as { access?: AccessRule } | undefined)?.access ?? { audience: 'authenticated' as const };
      const path = route.url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
      for (const m of methods) into.push({ name: `${m} ${path}`, method: m as HttpMethod, path, access: rule });
    });
  };
}

/** The path with a fresh random uuid in every parameter, under /api. */
export const concrete = (path: string) => `/api${path.replace(/\{\w+\}/g, () => randomUUID())}`;

export const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

function sample(f: FieldDef): unknown {
  if (f.example !== undefined) return f.example;
  switch (f.kind) {
    case 'text': case 'textarea': return 'Sweep';
    case 'integer': case 'number': return 1;
    case 'money': return '1.00';
    case 'boolean': return true;
    case 'email': return 'sweep@example.com';
    case 'enum': return f.values?.[0];
    default: return undefined;
  }
}

/**
 * A body that would change something if the call were let through: the fields of every resource
 * with a sample value, bare (REST), as {dto} (query style) and as the action bodies' fields.
 */
export function wouldBeBody(): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const r of RESOURCES) for (const [k, f] of Object.entries(r.fields)) if (!f.readOnly && values[k] === undefined) values[k] = sample(f);
  values.maintenance = true;
  return { ...values, dto: { ...values }, query: {} };
}

/** Row count and last change of every model table: equal before and after means nothing changed. */
export async function snapshot(db: DynamicDb): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of RESOURCES) {
    const row = await db.selectFrom(r.table).select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('updatedAt').as('last')]).executeTakeFirstOrThrow();
    out[r.table] = `${row.n}/${row.last instanceof Date ? row.last.toISOString() : String(row.last)}`;
  }
  return out;
}
