import { ADMIN_PREFIX } from '../../../model/catalogue/pages-admin';
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { code, relativeImport, spaced, tsFileFromStructure, type GeneratedFile } from '../../emit';
import { kindOf } from '../../../src/shared/field-kinds';
import { hasOp, type Ir, type IrField, type IrResource } from '../../ir';
import { fieldAt } from '../../validate';
import { groupKey } from '../i18n';
import { APP_DIR } from '../pages';
import { schemasPath } from '../schemas';
import { importsFor, SUPPORT_MODULE } from './components';
import { column, displayNodes, systemDisplay } from './fields';
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

/**
 * Whether the server sorts a list column: a plain column of a sortable kind, or a column the model
 * marks in `list.sortable` (a JSON member, a reference by its target's representation). Anything
 * else shows a header without a sort button (src/shared/schema-builder.ts listParamsSchema accepts
 * exactly these).
 */
export function sortsOnServer(r: IrResource, path: string): boolean {
  if ((r.def.list.sortable ?? []).includes(path)) return true;
  const f = fieldAt(r.def.fields, path);
  if (!f) return true; // id, createdAt, updatedAt
  const kind = kindOf(f);
  return !path.includes('.') && kind.sort !== 'none' && kind.admin.sortableColumn !== false;
}

/** One list column: a field path (nested allowed) or a system property. */
function columnNode(ir: Ir, r: IrResource, path: string): JsxNode[] {
  const system = systemDisplay(path);
  if (system && !fieldAt(r.def.fields, path)) return [column(system)];
  const segments = path.split('.');
  let field = r.fields.find((f) => f.name === segments[0])!;
  for (const seg of segments.slice(1)) field = field.children.find((c) => c.name === seg)!;
  const disableSort = !sortsOnServer(r, path);
  return displayNodes({ ir, resource: r, labelPath: path.includes('.') ? path : undefined }, field, path)
    .map((n) => column(n, { disableSort, kind: field.def.kind }));
}

/** Top-level fields by group, in the model's group order; fields no group names join the first. */
function grouped<T extends { name: string }>(r: IrResource, fields: readonly T[]): { key: string; fields: T[] }[] | undefined {
  const groups = r.def.screens?.groups;
  if (!groups) return undefined;
  const entries = Object.entries(groups.groups).map(([key, g]) => ({ key, names: g.fields, fields: [] as T[] }));
  for (const f of fields) (entries.find((e) => e.names.includes(f.name)) ?? entries[0]!).fields.push(f);
  for (const e of entries) e.fields.sort((a, b) => rank(e.names, a.name) - rank(e.names, b.name));
  return entries.map(({ key, fields: fs }) => ({ key, fields: fs }));
}

/** A field's place in its group: the group's order, unnamed fields after it in model order. */
const rank = (names: readonly string[], name: string) => (names.includes(name) ? names.indexOf(name) : names.length);

function listScreen(ir: Ir, r: IrResource): GeneratedFile {
  const path = `${screenDir(r)}/List.gen.tsx`;
  const filters = filterNodes(ir, r);
  const defaults = Object.fromEntries(Object.entries(r.def.filters).flatMap(([k, f]) => ((f.kind === 'eq' || f.kind === 'only') && f.default !== undefined ? [[k, f.default]] : [])));
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
      'DataTable',
      { rowClick: hasOp(r, 'update') ? 'edit' : hasOp(r, 'get') ? 'show' : false, bulkActionButtons: false },
      ...r.def.list.columns.flatMap((c) => columnNode(ir, r, c)),
      r.def.softDelete && hasOp(r, 'restore') && el('DataTable.Col', { label: 'generatedSupport.restore', disableSort: true }, el('RestoreButton')),
    ),
  );
  return component(r, path, `${r.typeName}List`, `List of ${r.def.label.many.en.toLowerCase()} with the model's columns and filters.`, root, {
    filters: filters.length ? { name: filtersConst, nodes: filters } : undefined,
  });
}

function showScreen(ir: Ir, r: IrResource): GeneratedFile {
  const path = `${screenDir(r)}/Show.gen.tsx`;
  const visible = r.fields.filter((f) => !f.def.hidden);
  const nodes = (fs: readonly IrField[]) => fs.flatMap((f) => displayNodes({ ir, resource: r }, f, f.path));
  const stamps = [systemDisplay('createdAt')!, systemDisplay('updatedAt')!];
  // a group of hidden fields only has nothing to show
  const groups = grouped(r, visible)?.filter((g, i) => i === 0 || g.fields.length);
  // the record's timestamps close the first group: what it is, then when it changed
  const layout = !groups
    ? [el('SimpleShowLayout', {}, ...nodes(visible), ...stamps)]
    : r.def.screens!.groups!.layout === 'tabs'
      ? [el('TabbedShowLayout', {}, ...groups.map((g, i) => el('TabbedShowLayout.Tab', { label: groupKey(r.name, g.key) }, ...nodes(g.fields), ...(i === 0 ? stamps : []))))]
      : groups.map((g, i) => el('ShowSection', { label: groupKey(r.name, g.key) }, ...nodes(g.fields), ...(i === 0 ? stamps : [])));
  const panel = showPanel(r, path);
  const root = el('Show', {}, panel && el(panel.tag), ...layout);
  const doc = `Every visible field of one ${r.def.label.one.en.toLowerCase()}${panel ? `, below ${panel.tag} (the model's show panel)` : ''}.`;
  return component(r, path, `${r.typeName}Show`, doc, root, { extraImports: panel ? [panel.import] : [] });
}

/** The model's hand-written show panel ('<module under src/app>#<export>'): its tag and its import from the show page at `path`. */
function showPanel(r: IrResource, path: string) {
  const ref = r.def.screens?.show?.panel;
  if (!ref) return undefined;
  const [module, exported] = ref.split('#') as [string, string];
  const tag = exported === 'default' ? `${r.typeName}ShowPanel` : exported;
  const name = exported === 'default' ? `default as ${tag}` : tag;
  return { tag, import: { name, module: relativeImport(path, `${APP_DIR}/${module}`) } };
}

function formScreen(ir: Ir, r: IrResource, mode: FormMode): GeneratedFile {
  const kind = mode === 'create' ? 'Create' : 'Edit';
  const path = `${screenDir(r)}/${kind}.gen.tsx`;
  const schemaConst = `${lowerFirst(r.typeName)}${mode === 'create' ? 'Create' : 'Update'}Schema`;
  const inputs = (fs: readonly IrField[]) => fs.flatMap((f) => inputNodes({ ir, resource: r, mode, pathPrefix: '' }, f));
  const toolbar = mode === 'edit'
    ? el('Toolbar', {},
        el('SaveButton'),
        hasOp(r, 'delete') && el('DeleteButton', { mutationMode: 'pessimistic' }),
        r.def.softDelete && hasOp(r, 'restore') && el('RestoreButton'))
    : undefined;
  // noValidate: the browser's own checks (type="email", "url") would speak the browser's language
  // and stop the form before the schema's translated messages show
  const formProps = { resolver: code(`zodFormResolver(${schemaConst})`), noValidate: true, toolbar };
  const groups = grouped(r, r.fields)?.map((g) => ({ ...g, inputs: inputs(g.fields) })).filter((g) => g.inputs.length);
  const form = !groups
    ? el('SimpleForm', formProps, ...inputs(r.fields))
    : r.def.screens!.groups!.layout === 'tabs'
      ? el('TabbedForm', formProps, ...groups.map((g) => el('TabbedForm.Tab', { label: groupKey(r.name, g.key) }, ...g.inputs)))
      : el('SimpleForm', formProps, ...groups.map((g) => el('FormSection', { label: groupKey(r.name, g.key) }, ...g.inputs)));
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

/**
 * generated/admin/<resource>/Inputs.gen.tsx, for a resource whose forms a hand-written page draws
 * (screens.handWrittenForms): its inputs in the model's groups, one titled section each, for a create
 * and an edit form (<Type>CreateInputs, <Type>EditInputs). The page puts them in its own form (its own
 * path, toolbar and redirect) instead of copying the model's field list: a field added to the model
 * shows there too.
 */
function inputsFile(ir: Ir, r: IrResource): GeneratedFile | undefined {
  if (!r.screens?.handWrittenForms) return undefined;
  const modes = (['create', 'edit'] as const).filter((m) => (m === 'create' ? hasOp(r, 'create') : hasOp(r, 'get') && hasOp(r, 'update')));
  if (!modes.length) return undefined;
  const path = `${screenDir(r)}/Inputs.gen.tsx`;
  const roots = modes.map((mode) => {
    const inputs = (fs: readonly IrField[]) => fs.flatMap((f) => inputNodes({ ir, resource: r, mode, pathPrefix: '' }, f));
    const groups = grouped(r, r.fields)?.map((g) => ({ ...g, inputs: inputs(g.fields) })).filter((g) => g.inputs.length);
    const children = groups ? groups.map((g) => el('FormSection', { label: groupKey(r.name, g.key) }, ...g.inputs)) : inputs(r.fields);
    return { mode, root: el('Box', { sx: { display: 'grid', gap: 2, width: '100%' } }, ...children) };
  });
  const statements: StatementStructures[] = [
    ...importsFor(path, tagsOf(roots.map((x) => x.root)), [{ name: 'Box', module: '@mui/material' }]),
    ...roots.map(({ mode, root }): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`The inputs of a ${mode === 'create' ? 'new' : 'changed'} ${r.def.label.one.en.toLowerCase()}, in the model's groups (one section each), for a form validated with the ${mode === 'create' ? 'create' : 'update'} schema.`],
      declarations: [{ name: `${r.typeName}${mode === 'create' ? 'Create' : 'Edit'}Inputs`, initializer: componentWriter(root) }],
    })),
  ];
  return tsFileFromStructure(path, source(r), { statements: spaced(statements) });
}

/** The exported name of a resource's screen set: 'supplierScreens'. */
export const screenSetName = (r: IrResource) => `${lowerFirst(r.typeName)}Screens`;

function screenIndex(ir: Ir, r: IrResource): GeneratedFile {
  const path = `${screenDir(r)}/index.gen.ts`;
  const views = [
    ['list', 'List', true],
    ['show', 'Show', hasOp(r, 'get')],
    ['edit', 'Edit', hasOp(r, 'get') && hasOp(r, 'update')],
    ['create', 'Create', hasOp(r, 'create')],
  ] as const;
  const present = views.filter(([, , on]) => on);
  const icon = r.screens!.menu.icon;
  const name = screenSetName(r);
  const entries = [
    `name: '${r.name}'`,
    ...present.map(([key, file]) => `${key}: ${r.typeName}${file}`),
    `recordRepresentation: '${r.def.recordRepresentation}'`,
    `icon: ${icon}`,
  ];
  const alias = r.screens!.show?.alias;
  if (alias && hasOp(r, 'get')) entries.push(`showAlias: '${alias.slice(ADMIN_PREFIX.length + 1).replace('{id}', ':id')}'`);
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: `@mui/icons-material/${icon}`, defaultImport: icon },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(path, 'src/shared/generated-contract.ts'), namedImports: ['AdminScreenSet'], isTypeOnly: true },
    ...present.map(([, file]): StatementStructures => ({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./${file}.gen`, namedImports: [`${r.typeName}${file}`] })),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`Every screen of ${r.name} as <Resource> props: <Resource {...${name}} />; replace one by spreading first, <Resource {...${name}} list={MyList} /> (src/app/shell/areas/admin-screens.ts SCREEN_OVERRIDES).`],
      declarations: [{ name, type: 'AdminScreenSet', initializer: `{ ${entries.join(', ')} }` }],
    },
    { kind: StructureKind.ExportAssignment, isExportEquals: false, expression: name },
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
    const inputs = inputsFile(ir, r);
    if (inputs) files.push(inputs);
    files.push(screenIndex(ir, r));
  }
  files.push(adminIndex(ir));
  return files;
}
