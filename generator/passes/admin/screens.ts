import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { code, relativeImport, spaced, tsFileFromStructure, type GeneratedFile } from '../../emit';
import { hasOp, type Ir, type IrResource } from '../../ir';
import { fieldAt } from '../../validate';
import { schemasPath } from '../schemas';
import { importsFor, SUPPORT_MODULE } from './components';
import { displayNodes, systemDisplay } from './fields';
import { filterNodes, inputNodes, type FormMode } from './inputs';
import { arrayWriter, componentWriter, el, tagsOf, type JsxNode } from './jsx';

export const screenDir = (r: IrResource) => `generated/admin/${r.name}`;
const source = (r: IrResource) => `${r.source} (resource '${r.name}': fields, filters, list, screens)`;
const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);

interface ScreenParts {
  /** Module-level filter array (List): its name and elements. */
  readonly filters?: { readonly name: string; readonly nodes: readonly JsxNode[] };
  readonly extraImports?: readonly { name: string; module: string }[];
}

function component(r: IrResource, path: string, name: string, doc: string, root: JsxNode, parts: ScreenParts = {}): GeneratedFile {
  const filters = parts.filters;
  const statements: StatementStructures[] = [
    ...importsFor(path, tagsOf([root, ...(filters?.nodes ?? [])]), parts.extraImports),
  ];
  if (filters) {
    statements.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: filters.name, initializer: arrayWriter(filters.nodes) }],
    });
  }
  statements.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [doc],
    declarations: [{ name, initializer: componentWriter(root) }],
  });
  return tsFileFromStructure(path, source(r), { statements: spaced(statements) });
}

/** The cell of one list column: a field path (nested allowed) or a system property. */
function columnNode(ir: Ir, r: IrResource, path: string): JsxNode[] {
  const system = systemDisplay(path);
  if (system && !fieldAt(r.def.fields, path)) return [system];
  const segments = path.split('.');
  let fields = r.fields;
  let field = fields.find((f) => f.name === segments[0])!;
  for (const seg of segments.slice(1)) field = field.children.find((c) => c.name === seg)!;
  return displayNodes({ ir, resource: r, inList: true, labelPath: path.includes('.') ? path : undefined }, field, path);
}

function listScreen(ir: Ir, r: IrResource): GeneratedFile {
  const path = `${screenDir(r)}/List.gen.tsx`;
  const filters = filterNodes(ir, r);
  const defaults = Object.fromEntries(Object.entries(r.def.filters).flatMap(([k, f]) => (f.kind === 'eq' && f.default !== undefined ? [[k, f.default]] : [])));
  const filtersConst = `${lowerFirst(r.typeName)}Filters`;
  const root = el(
    'List',
    {
      filters: filters.length ? code(filtersConst) : undefined,
      filterDefaultValues: Object.keys(defaults).length ? defaults : undefined,
      sort: r.def.list.sort,
      perPage: ir.model.adminPageSize,
      pagination: el('Pagination', { rowsPerPageOptions: [10, ir.model.adminPageSize, 50, 100].filter((n, i, a) => a.indexOf(n) === i).sort((a, b) => a - b) }),
      // JSON columns make poor CSV; exports are their own feature (core §7 exports)
      exporter: false,
    },
    el(
      'Datagrid',
      { rowClick: hasOp(r, 'update') ? 'edit' : hasOp(r, 'get') ? 'show' : false, bulkActionButtons: false },
      ...r.def.list.columns.flatMap((c) => columnNode(ir, r, c)),
      r.def.softDelete && hasOp(r, 'restore') && el('RestoreButton'),
    ),
  );
  return component(r, path, `${r.typeName}List`, `List of ${r.def.label.many.en.toLowerCase()} with the model's columns and filters.`, root, {
    filters: filters.length ? { name: filtersConst, nodes: filters } : undefined,
  });
}

function showScreen(ir: Ir, r: IrResource): GeneratedFile {
  const path = `${screenDir(r)}/Show.gen.tsx`;
  const fields = r.fields.filter((f) => !f.def.hidden).flatMap((f) => displayNodes({ ir, resource: r }, f, f.path));
  const root = el('Show', {}, el('SimpleShowLayout', {}, ...fields, systemDisplay('createdAt'), systemDisplay('updatedAt')));
  return component(r, path, `${r.typeName}Show`, `Every visible field of one ${r.def.label.one.en.toLowerCase()}.`, root);
}

function formScreen(ir: Ir, r: IrResource, mode: FormMode): GeneratedFile {
  const kind = mode === 'create' ? 'Create' : 'Edit';
  const path = `${screenDir(r)}/${kind}.gen.tsx`;
  const schemaConst = `${lowerFirst(r.typeName)}${mode === 'create' ? 'Create' : 'Update'}Schema`;
  const inputs = r.fields.flatMap((f) => inputNodes({ ir, resource: r, mode, pathPrefix: '' }, f));
  const toolbar = mode === 'edit'
    ? el('Toolbar', {},
        el('SaveButton'),
        hasOp(r, 'delete') && el('DeleteButton', { mutationMode: 'pessimistic' }),
        r.def.softDelete && hasOp(r, 'restore') && el('RestoreButton'))
    : undefined;
  const form = el('SimpleForm', { resolver: code(`zodFormResolver(${schemaConst})`), toolbar }, ...inputs);
  const root = mode === 'edit'
    ? el('Edit', { mutationMode: 'pessimistic', redirect: 'list' }, form)
    : el('Create', { redirect: 'list' }, form);
  const extra = [
    { name: schemaConst, module: relativeImport(path, schemasPath(r)) },
    { name: 'zodFormResolver', module: relativeImport(path, SUPPORT_MODULE) },
  ];
  const doc = mode === 'create'
    ? `Form for a new ${r.def.label.one.en.toLowerCase()}, validated with the create schema before sending.`
    : `Form to change a ${r.def.label.one.en.toLowerCase()}, validated with the update schema; saves and deletes wait for the server.`;
  return component(r, path, `${r.typeName}${kind}`, doc, root, { extraImports: extra });
}

function screenIndex(ir: Ir, r: IrResource): GeneratedFile {
  const path = `${screenDir(r)}/index.gen.ts`;
  const views = [
    ['list', 'List', true],
    ['show', 'Show', hasOp(r, 'get')],
    ['edit', 'Edit', hasOp(r, 'get') && hasOp(r, 'update')],
    ['create', 'Create', hasOp(r, 'create')],
  ] as const;
  const present = views.filter(([, , on]) => on);
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(path, 'src/shared/generated-contract.ts'), namedImports: ['AdminScreenSet'], isTypeOnly: true },
    ...present.map(([, file]): StatementStructures => ({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./${file}.gen`, namedImports: [`${r.typeName}${file}`] })),
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`Screens of ${r.name}: spread into <Resource name="${r.name}" {...screens} /> and override by spreading.`],
      declarations: [{
        name: 'screens',
        type: 'AdminScreenSet',
        initializer: `{ ${[...present.map(([key, file]) => `${key}: ${r.typeName}${file}`), `recordRepresentation: '${r.def.recordRepresentation}'`].join(', ')} }`,
      }],
    },
    { kind: StructureKind.ExportAssignment, isExportEquals: false, expression: 'screens' },
  ];
  return tsFileFromStructure(path, source(r), { statements: spaced(statements) });
}

function adminIndex(ir: Ir): GeneratedFile {
  const path = 'generated/admin/index.gen.ts';
  const entries = ir.screenResources.map((r) => `{ name: '${r.name}', path: '${r.screens!.path}', load: () => import('./${r.name}/index.gen') }`);
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(path, 'src/shared/generated-contract.ts'), namedImports: ['AdminScreenEntry'], isTypeOnly: true },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every generated screen set, loaded lazily so admin code stays out of the shop bundle.'],
      declarations: [{ name: 'ADMIN_SCREENS', type: 'AdminScreenEntry[]', initializer: `[\n${entries.map((e) => `  ${e},\n`).join('')}]` }],
    },
  ];
  return tsFileFromStructure(path, `${ir.model.modelModule} (RESOURCES with screens)`, { statements: spaced(statements) });
}

/** Admin screens pass: List/Show/Edit/Create per resource with screens, its index, and ADMIN_SCREENS. */
export function adminScreensPass(ir: Ir): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  for (const r of ir.screenResources) {
    files.push(listScreen(ir, r));
    if (hasOp(r, 'get')) files.push(showScreen(ir, r));
    if (hasOp(r, 'get') && hasOp(r, 'update')) files.push(formScreen(ir, r, 'edit'));
    if (hasOp(r, 'create')) files.push(formScreen(ir, r, 'create'));
    files.push(screenIndex(ir, r));
  }
  files.push(adminIndex(ir));
  return files;
}
