import { RECORD_TIMESTAMPS, type FieldDef, type ResourceDef } from '../model/dsl';
import { kindOf } from '../src/shared/field-kinds';
import type { ModelInput } from './model-input';
import { snakeCase } from './naming';
import { isAppComponentRef, pageProblems } from './passes/pages-validate';

/** Columns every table may carry besides its fields (see db/schema.ts). */
export const SYSTEM_COLUMNS = ['id', 'tenant_id', 'customer_id', 'created_at', 'updated_at', 'deleted'] as const;
/** Record properties that are not model fields but may be listed, sorted on or shown. */
export const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'deleted'] as const;

/** The field at a dotted path ('address.city'), or undefined. */
export function fieldAt(fields: Readonly<Record<string, FieldDef>>, path: string): FieldDef | undefined {
  const [head, ...rest] = path.split('.');
  const f = fields[head!];
  if (!f || rest.length === 0) return f;
  return f.fields ? fieldAt(f.fields, rest.join('.')) : undefined;
}

/**
 * Checks what TypeScript cannot: names that point at other parts of the model. The generator
 * refuses to emit anything from a model with dangling names, so a typo fails `npm run generate`
 * instead of producing a screen that breaks at run time.
 */
export function validateModel(model: ModelInput): void {
  const problems: string[] = [];
  const names = new Set<string>();
  const tables = new Set<string>();
  const routes = new Map<string, string>();
  for (const r of model.resources) {
    const at = (what: string) => `${r.name}: ${what}`;
    if (names.has(r.name)) problems.push(at('duplicate resource name'));
    names.add(r.name);
    if (tables.has(r.table)) problems.push(at(`duplicate table ${r.table}`));
    tables.add(r.table);
    checkFields(r.fields, '', model, problems, at);
    problems.push(...declarationProblems(r).map(at));
    const columns = Object.keys(r.fields).map(snakeCase);
    for (const c of columns) {
      if ((SYSTEM_COLUMNS as readonly string[]).includes(c) && !(c === 'customer_id' && (r.scope === 'tenant' || r.scope === 'platform')))
        problems.push(at(`field column ${c} collides with a system column`));
    }
    if (new Set(columns).size !== columns.length) problems.push(at('two fields map to the same column'));
    const known = (path: string) => (SYSTEM_FIELDS as readonly string[]).includes(path) || fieldAt(r.fields, path) !== undefined;
    for (const c of r.list.columns) if (!known(c)) problems.push(at(`list column ${c} is not a field`));
    if (!known(r.list.sort.field)) problems.push(at(`list sort ${r.list.sort.field} is not a field`));
    problems.push(...sortableProblems(r).map(at));
    problems.push(...groupProblems(r).map(at));
    if (!known(r.recordRepresentation)) problems.push(at(`recordRepresentation ${r.recordRepresentation} is not a field`));
    for (const [key, f] of Object.entries(r.filters)) {
      if (f.kind === 'gte' || f.kind === 'lte') {
        if (!fieldAt(r.fields, f.field) && !(RECORD_TIMESTAMPS as readonly string[]).includes(f.field)) problems.push(at(`filter ${key} names unknown field ${f.field}`));
      } else if (f.kind === 'eq' || f.kind === 'contains' || f.kind === 'has' || f.kind === 'only') {
        if (!fieldAt(r.fields, f.field)) problems.push(at(`filter ${key} names unknown field ${f.field}`));
      } else if (f.kind === 'related') {
        const other = model.resources.find((x) => x.name === f.resource);
        if (!other) problems.push(at(`filter ${key} names unknown resource ${f.resource}`));
        else {
          const via = fieldAt(other.fields, f.via);
          if (via?.kind !== 'reference' || via.target !== r.name) problems.push(at(`filter ${key}: ${f.resource}.${f.via} is not a reference to ${r.name}`));
          if (!fieldAt(other.fields, f.field)) problems.push(at(`filter ${key} names unknown field ${f.resource}.${f.field}`));
          if (other.scope !== r.scope) problems.push(at(`filter ${key}: ${f.resource} is not scoped as ${r.name}`));
        }
      } else if (f.kind === 'search') {
        for (const s of f.fields) if (!fieldAt(r.fields, s)) problems.push(at(`search filter ${key} names unknown field ${s}`));
      } else if (!r.softDelete) problems.push(at(`filter ${key} shows deleted rows of a resource without softDelete`));
    }
    for (const rule of r.rules) {
      const paths = rule.kind === 'bothOrNeither' ? [...rule.fields] : rule.kind === 'after' || rule.kind === 'notBefore' ? [rule.field, rule.other] : [rule.field, rule.when];
      for (const p of paths) if (!fieldAt(r.fields, p)) problems.push(at(`rule ${rule.kind} names unknown field ${p}`));
      if (!(rule.code in model.errors)) problems.push(at(`rule ${rule.kind} has unknown error code ${rule.code}`));
    }
    if (!(r.notFound in model.errors)) problems.push(at(`unknown notFound code ${r.notFound}`));
    for (const [key, set] of Object.entries(r.endpoints)) {
      const ops = set.routes.map((x) => x.op);
      if (new Set(ops).size !== ops.length) problems.push(at(`endpoint ${key} has an operation twice`));
      for (const route of set.routes) claimRoute(routes, `${route.method} ${route.path}`, `${r.name}.${key}.${route.op}`, problems);
    }
    if (r.screens) {
      const set = r.endpoints[r.screens.endpoint];
      if (!set) problems.push(at(`screens use unknown endpoint ${r.screens.endpoint}`));
      else if (!set.routes.some((x) => x.op === 'list')) problems.push(at(`screens endpoint ${r.screens.endpoint} has no list`));
      const alias = r.screens.show?.alias;
      if (alias !== undefined) {
        if (!/^\/ycAdmin\/[a-z0-9-]+\/\{id\}$/.test(alias)) problems.push(at(`show alias ${alias} is not '/ycAdmin/<page>/{id}'`));
        else if (!model.pages.some((p) => p.path === alias.replace('{id}', ':id'))) problems.push(at(`show alias ${alias} is no page of the catalogue`));
      }
      const panel = r.screens.show?.panel;
      if (panel !== undefined) {
        if (!isAppComponentRef(panel)) problems.push(at(`show panel ${panel} is not '<module under src/app>#<export>'`));
        // the panel is drawn on the show page, which exists only with a get route
        else if (set && !set.routes.some((x) => x.op === 'get')) problems.push(at(`show panel ${panel} on screens without a show page (endpoint ${r.screens.endpoint} has no get)`));
      }
    }
  }
  for (const table of Object.keys(model.removedTables ?? {})) {
    if (tables.has(table)) problems.push(`table ${table} is in REMOVED_TABLES but a resource still uses it: delete the entry (the drop is in an earlier migration)`);
  }
  problems.push(...pageProblems(model));
  if (problems.length) throw new Error(`The model is not valid:\n- ${problems.join('\n- ')}`);
}

function claimRoute(routes: Map<string, string>, key: string, owner: string, problems: string[]): void {
  const prev = routes.get(key);
  if (prev) problems.push(`${owner}: route ${key} is already declared by ${prev}`);
  else routes.set(key, owner);
}

function checkFields(
  fields: Readonly<Record<string, FieldDef>>,
  prefix: string,
  model: ModelInput,
  problems: string[],
  at: (what: string) => string,
): void {
  for (const [name, f] of Object.entries(fields)) {
    const path = prefix + name;
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) problems.push(at(`field ${path}: names are camelCase identifiers`));
    // The server maps columns with kysely's CamelCasePlugin: 'userID' would come back as 'userId'.
    if (/[A-Z]{2}/.test(name)) problems.push(at(`field ${path}: two capitals in a row do not survive snake_case columns`));
    if (f.kind === 'enum') {
      if (!f.values?.length) problems.push(at(`enum ${path} has no values`));
      if (f.default !== undefined && !f.values?.includes(f.default as string)) problems.push(at(`enum ${path} default is not a value`));
    }
    if (f.kind === 'reference' && !model.resources.some((r) => r.name === f.target))
      problems.push(at(`reference ${path} targets unknown resource ${f.target}`));
    if ((f.kind === 'list' || f.kind === 'object') && f.fields) checkFields(f.fields, `${path}.`, model, problems, at);
  }
}

/**
 * A removal or rename declaration must not name a field the resource has: left over after its
 * migration, it would otherwise silently allow dropping a new field of the same name later.
 */
function declarationProblems(r: ResourceDef): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(r.removed ?? {})) {
    if (r.fields[name]) problems.push(`field ${name} is declared removed but is in the model: delete its \`removed\` entry (the drop is in an earlier migration)`);
  }
  const seen = new Set<string>();
  for (const [name, f] of Object.entries(r.fields)) {
    if (!f.renamedFrom) continue;
    if (r.fields[f.renamedFrom]) problems.push(`field ${name} is renamedFrom ${f.renamedFrom}, which is still a field: delete the \`.renamedFrom\` (the rename is in an earlier migration)`);
    if (seen.has(f.renamedFrom)) problems.push(`two fields are renamedFrom ${f.renamedFrom}`);
    seen.add(f.renamedFrom);
  }
  return problems;
}

/**
 * `list.sortable` names columns the server sorts by a JSON member or a reference's representation
 * (src/server/crud/list.ts sortExpression): each must be a list column of that shape.
 */
function sortableProblems(r: ResourceDef): string[] {
  return (r.list.sortable ?? []).flatMap((path) => {
    if (!r.list.columns.includes(path)) return [`sortable ${path} is not a list column`];
    const f = fieldAt(r.fields, path);
    if (!f) return [`sortable ${path} is not a field`];
    const [head, ...rest] = path.split('.');
    if (rest.length === 1 && r.fields[head!]?.kind === 'object' && kindOf(f).sort !== 'none') return [];
    if (!rest.length && f.kind === 'reference') return [];
    return [`sortable ${path} is neither a reference nor a sortable member of an object field (a plain column sorts without being listed)`];
  });
}

/** Groups name top-level fields, each at most once. */
function groupProblems(r: ResourceDef): string[] {
  const groups = r.screens?.groups;
  if (!groups) return [];
  const problems: string[] = [];
  const seen = new Set<string>();
  if (!Object.keys(groups.groups).length) problems.push('groups declares no group');
  for (const [key, g] of Object.entries(groups.groups)) {
    for (const name of g.fields) {
      if (!r.fields[name]) problems.push(`group ${key} names unknown field ${name}`);
      if (seen.has(name)) problems.push(`field ${name} is in two groups`);
      seen.add(name);
    }
  }
  return problems;
}
