import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { relativeImport, spaced, tsFileFromStructure, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir } from '../ir';

export const ROUTES_PATH = 'generated/server/routes.gen.ts';

/**
 * Routes pass: every route of every endpoint set and every custom action, with the access rule the
 * server must check. The server may register its routes from this table; the OpenAPI document and
 * the app's access table come from the same IR, so they cannot disagree.
 */
export function routesPass(ir: Ir): GeneratedFile[] {
  const path = ROUTES_PATH;
  const routes = ir.resources.flatMap((r) => r.routes);
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: relativeImport(path, 'model/dsl/index.ts'),
      namedImports: ['AccessRule', 'CrudOp', 'EndpointStyle', 'HttpMethod'],
      isTypeOnly: true,
    },
    {
      kind: StructureKind.Interface,
      name: 'GeneratedRoute',
      isExported: true,
      docs: ['One API route. Paths are relative to the tenant\'s serverUrl, with {id}-style parameters.'],
      properties: [
        { name: 'resource', type: 'string', isReadonly: true },
        { name: 'endpoint', type: 'string | null', isReadonly: true, docs: ['Key of the endpoint set in the model; null for a custom action.'] },
        { name: 'style', type: "EndpointStyle | 'action'", isReadonly: true },
        { name: 'op', type: 'CrudOp | null', isReadonly: true, docs: ['Generic operation, implemented once by the server for every resource.'] },
        { name: 'action', type: 'string | null', isReadonly: true, docs: ['Custom action name; its handler is hand-written in src/server/actions/<resource>.ts.'] },
        { name: 'method', type: 'HttpMethod', isReadonly: true },
        { name: 'path', type: 'string', isReadonly: true },
        { name: 'access', type: 'AccessRule', isReadonly: true },
        { name: 'operationId', type: 'string', isReadonly: true, docs: ['The operationId of the route in generated/openapi.gen.json.'] },
        { name: 'summary', type: 'string', isReadonly: true },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every route of the API, resource by resource in model order.'],
      declarations: [{ name: 'ROUTES', type: 'readonly GeneratedRoute[]', initializer: tsLiteral(routes) }],
    },
  ];
  return [tsFileFromStructure(path, `${ir.model.modelModule} (RESOURCES: endpoints, actions)`, { statements: spaced(statements) })];
}
