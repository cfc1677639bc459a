import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { CrudOp, EndpointSet } from '../../model/dsl';
import { relativeImport, spaced, tsFileFromStructure, tsFileFromText, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir, IrResource } from '../ir';

export const CONTRACT = 'src/shared/generated-contract.ts';

/** A module exporting one constant typed with a type of the contract (src/shared/generated-contract.ts). */
export function contractTable(ir: Ir, path: string, name: string, type: string, doc: string, value: unknown): GeneratedFile {
  const contractType = type.replace(/\[\]$/, '');
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(path, CONTRACT), namedImports: [contractType], isTypeOnly: true },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [doc],
      declarations: [{ name, type, initializer: tsLiteral(value) }],
    },
  ];
  return tsFileFromStructure(path, `${ir.model.modelModule} (RESOURCES: endpoints, screens)`, { statements: spaced(statements) });
}

function writableFields(r: IrResource): string[] {
  return Object.entries(r.def.fields).filter(([, f]) => !f.readOnly).map(([name]) => name);
}

/** Resources the app's data provider reaches: every screen resource and the targets its references show. */
function dataResources(ir: Ir): IrResource[] {
  return ir.resources.filter((r) => r.dataEndpoint);
}

function endpointEntry(r: IrResource) {
  const e = r.dataEndpoint!;
  const routes: Partial<Record<CrudOp, { method: string; path: string }>> = {};
  for (const [op, route] of e.ops) routes[op] = { method: route.method, path: route.path };
  return { resource: r.name, style: e.set.style, base: e.set.base, routes, softDelete: r.def.softDelete, writableFields: writableFields(r) };
}

/** One endpoint set of a resource as the data provider takes it, with each operation's access rule. */
function setEntry(r: IrResource, set: EndpointSet) {
  const routes: Partial<Record<CrudOp, { method: string; path: string }>> = {};
  for (const route of set.routes) routes[route.op] = { method: route.method, path: route.path };
  return {
    endpoint: { resource: r.name, style: set.style, base: set.base, routes, softDelete: r.def.softDelete, writableFields: writableFields(r) },
    access: Object.fromEntries(set.routes.map((route) => [route.op, route.access])),
  };
}

export const ENDPOINT_SETS_FILE = 'generated/app/endpoint-sets.gen.ts';

/** ENDPOINT_SETS: every set of every resource, by resource and set name (a module of its own: only the pages that use it load it). */
function endpointSetsFile(ir: Ir): GeneratedFile {
  const sets = Object.fromEntries(ir.resources.filter((r) => Object.keys(r.def.endpoints).length)
    .map((r) => [r.name, Object.fromEntries(Object.entries(r.def.endpoints).map(([name, set]) => [name, setEntry(r, set)]))]));
  return tsFileFromText(ENDPOINT_SETS_FILE, `${ir.model.modelModule} (RESOURCES: endpoints)`, [
    `import type { EndpointSetTable } from '${relativeImport(ENDPOINT_SETS_FILE, CONTRACT)}';`,
    '',
    '/**',
    ' * Every endpoint set of every resource (model/resources: endpoints), by resource and set name, as the',
    " * data provider takes it (`endpoint`) with each operation's access rule: e.g. the customer's deliveries",
    ' * list is ENDPOINT_SETS.deliveries.customer. Answers are the generated record types (generated/types).',
    ' */',
    `export const ENDPOINT_SETS = ${tsLiteral(sets)} as const satisfies EndpointSetTable;`,
    '',
  ].join('\n'));
}

function accessEntry(r: IrResource) {
  return Object.fromEntries([...r.dataEndpoint!.ops].map(([op, route]) => [op, route.access]));
}

/** Endpoint, access and menu tables the app consumes (shapes in src/shared/generated-contract.ts). */
export function tablesPass(ir: Ir): GeneratedFile[] {
  const data = dataResources(ir);
  return [
    contractTable(ir, 'generated/app/endpoints.gen.ts', 'RESOURCE_ENDPOINTS', 'ResourceEndpointTable',
      "How the data provider reaches each resource with screens (the endpoint set named by screens.endpoint) and each resource those screens reference.",
      Object.fromEntries(data.map((r) => [r.name, endpointEntry(r)]))),
    contractTable(ir, 'generated/access/access.gen.ts', 'RESOURCE_ACCESS', 'ResourceAccessTable',
      "The access rule of each operation of the endpoints in RESOURCE_ENDPOINTS: canAccess hides what the server would refuse.",
      Object.fromEntries(data.map((r) => [r.name, accessEntry(r)]))),
    endpointSetsFile(ir),
    contractTable(ir, 'generated/app/menu.gen.ts', 'ADMIN_MENU', 'MenuEntry[]',
      'Entries of the platform admin area, in menu order.',
      ir.screenResources
        .filter((r) => r.screens!.menu.section === 'admin')
        .map((r) => ({ resource: r.name, path: r.screens!.path, labelKey: `resources.${r.name}.name`, icon: r.screens!.menu.icon, order: r.screens!.menu.order }))),
  ];
}
