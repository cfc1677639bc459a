import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { CrudOp } from '../../model/dsl';
import { relativeImport, spaced, tsFileFromStructure, tsLiteral, type GeneratedFile } from '../emit';
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
    contractTable(ir, 'generated/app/menu.gen.ts', 'ADMIN_MENU', 'MenuEntry[]',
      'Entries of the platform admin area, in menu order.',
      ir.screenResources
        .filter((r) => r.screens!.menu.section === 'admin')
        .map((r) => ({ resource: r.name, path: r.screens!.path, labelKey: `resources.${r.name}.name`, icon: r.screens!.menu.icon, order: r.screens!.menu.order }))),
  ];
}
