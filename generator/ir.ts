import type { AccessRule, CrudOp, EndpointSet, EndpointStyle, FieldDef, HttpMethod, ResourceDef, RouteDef, ScreensDef } from '../model/dsl';
import { tableFor, type DbTable } from './db/schema';
import type { ModelInput } from './model-input';
import { camelCase, singularPascal } from './naming';
import { validateModel } from './validate';

/**
 * The intermediate representation every pass reads: the validated model plus what is derived once
 * (names, flattened fields, tables, routes, the endpoint each screen set talks to).
 */
export interface IrField {
  readonly name: string;
  /** Dotted path from the record root: 'address.city'. Inside lists, relative to the list item. */
  readonly path: string;
  readonly def: FieldDef;
  readonly children: readonly IrField[];
}

export interface IrEndpoint {
  readonly key: string;
  readonly set: EndpointSet;
  readonly ops: ReadonlyMap<CrudOp, RouteDef>;
}

export interface IrRoute {
  readonly resource: string;
  /** Key of the endpoint set (a custom action is a contract: src/shared/contracts). */
  readonly endpoint: string;
  readonly style: EndpointStyle;
  readonly op: CrudOp;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: AccessRule;
  readonly operationId: string;
  readonly summary: string;
}

export interface IrResource {
  readonly def: ResourceDef;
  readonly name: string;
  /** Repository-relative model file declaring it. */
  readonly source: string;
  /** Singular PascalCase base of type names: 'Warehouse'. */
  readonly typeName: string;
  readonly fields: readonly IrField[];
  readonly table: DbTable;
  readonly routes: readonly IrRoute[];
  readonly screens?: ScreensDef & { readonly endpointSet: IrEndpoint };
  /** The endpoint the app's data provider uses: the screens' one, or a list endpoint for reference targets. */
  readonly dataEndpoint?: IrEndpoint;
}

export interface Ir {
  readonly model: ModelInput;
  readonly resources: readonly IrResource[];
  readonly byName: ReadonlyMap<string, IrResource>;
  /** Resources with generated screens, in menu order. */
  readonly screenResources: readonly IrResource[];
}

export function irFields(fields: Readonly<Record<string, FieldDef>>, prefix = ''): IrField[] {
  return Object.entries(fields).map(([name, def]) => ({
    name,
    path: prefix + name,
    def,
    // list items are edited relative to the item; object members keep the dotted path
    children: def.fields ? irFields(def.fields, def.kind === 'object' ? `${prefix}${name}.` : '') : [],
  }));
}

function endpointOf(key: string, set: EndpointSet): IrEndpoint {
  return { key, set, ops: new Map(set.routes.map((r) => [r.op, r])) };
}

const OP_SUMMARY: Record<CrudOp, string> = {
  list: 'List', get: 'Get one', create: 'Create', update: 'Update', delete: 'Delete', restore: 'Restore',
};

function routesOf(r: ResourceDef): IrRoute[] {
  const routes: IrRoute[] = [];
  for (const [key, set] of Object.entries(r.endpoints)) {
    for (const route of set.routes) {
      routes.push({
        resource: r.name, endpoint: key, style: set.style, op: route.op,
        method: route.method, path: route.path, access: route.access,
        operationId: camelCase(`${r.name}-${key}-${route.op}`),
        summary: `${OP_SUMMARY[route.op]} ${r.label.many.en.toLowerCase()} (${set.style}${set.style === 'view' ? '' : ` ${key}`})`,
      });
    }
  }
  return routes;
}

/** Validates the model and derives the IR. Throws with every problem listed when the model is not valid. */
export function buildIr(model: ModelInput): Ir {
  validateModel(model);
  const base = model.resources.map((def): IrResource => {
    const screens = def.screens ? { ...def.screens, endpointSet: endpointOf(def.screens.endpoint, def.endpoints[def.screens.endpoint]!) } : undefined;
    return {
      def, name: def.name, source: model.sources[def.name] ?? model.modelModule, typeName: singularPascal(def.name),
      fields: irFields(def.fields), table: tableFor(def), routes: routesOf(def), screens, dataEndpoint: screens?.endpointSet,
    };
  });
  const typeNames = base.map((r) => r.typeName);
  const dup = typeNames.find((n, i) => typeNames.indexOf(n) !== i);
  if (dup) throw new Error(`Two resources get the type name ${dup}; rename one`);
  // Screens show references by the target's representation, so the app must reach targets without screens too.
  const targets = new Set(base.filter((r) => r.screens).flatMap((r) => referenceTargets(r.fields)));
  const resources = base.map((r) => {
    if (r.dataEndpoint || !targets.has(r.name)) return r;
    const entry = Object.entries(r.def.endpoints).find(([, s]) => s.style !== 'view' && s.routes.some((x) => x.op === 'list'));
    return entry ? { ...r, dataEndpoint: endpointOf(entry[0], entry[1]) } : r;
  });
  const byName = new Map(resources.map((r) => [r.name, r]));
  const screenResources = resources
    .filter((r) => r.screens)
    .sort((a, b) => a.screens!.menu.order - b.screens!.menu.order || a.name.localeCompare(b.name));
  return { model, resources, byName, screenResources };
}

export function referenceTargets(fields: readonly IrField[]): string[] {
  return fields.flatMap((f) => (f.def.kind === 'reference' && f.def.target ? [f.def.target] : referenceTargets(f.children)));
}

/** Whether the screen endpoint of a resource offers an operation. */
export function hasOp(r: IrResource, op: CrudOp): boolean {
  return r.screens?.endpointSet.ops.has(op) ?? false;
}

