import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { GUARD_RESOURCES, PAGE_ACTIONS, type GuardResource, type PageAction } from '../../model/catalogue/permissions';
import type { MenuItemDef, PageDef } from '../../model/dsl';
import { relativeImport, spaced, tsFileFromStructure, tsFileFromText, tsLiteral, type GeneratedFile } from '../emit';
import type { Ir } from '../ir';
import { menuLabelKey, pageTitleKey } from './pages-i18n';
import { CONTRACT } from './tables';

export const PAGES_FILE = 'generated/app/pages.gen.ts';
export const PAGE_VIEWS_FILE = 'generated/app/page-views.gen.ts';
/** Where a page's view module lives ('<module>#<export>' is relative to it). */
export const APP_DIR = 'src/app';

/** A guard resource and action with the area and letter that decide it (GUARD_RESOURCES, PAGE_ACTIONS). */
function pair(resource: GuardResource, action: PageAction) {
  return { resource, action, area: GUARD_RESOURCES[resource], letter: PAGE_ACTIONS[action] };
}

function pageEntry(p: PageDef) {
  return {
    name: p.name, path: p.path, area: p.area, layout: p.layout, guards: p.guards,
    requires: p.requires && { ...pair(p.requires.resource, p.requires.action), superAdminExempt: p.requires.superAdminExempt },
    feature: p.feature, supplierSide: p.supplierSide, query: p.query, titleKey: pageTitleKey(p.name),
  };
}

function menuEntry(item: MenuItemDef, pages: ReadonlyMap<string, PageDef>): unknown {
  return {
    key: item.key, labelKey: menuLabelKey(item.key), icon: item.icon,
    page: item.page, path: item.page ? pages.get(item.page)!.path : undefined,
    href: item.href, tenantLink: item.tenantLink, action: item.action, badge: item.badge, feature: item.feature,
    requires: item.requires?.map((r) => pair(r.resource, r.action)),
    when: item.when,
    children: item.children?.map((c) => menuEntry(c, pages)),
  };
}

const constant = (name: string, type: string, doc: string, value: unknown): StatementStructures => ({
  kind: StructureKind.VariableStatement,
  isExported: true,
  declarationKind: VariableDeclarationKind.Const,
  docs: [doc],
  declarations: [{ name, type, initializer: tsLiteral(value) }],
});

/** Pages pass: generated/app/pages.gen.ts with PAGES and the three menus (shapes in the contract). */
export function pagesPass(ir: Ir): GeneratedFile[] {
  const { pages, menus } = ir.model;
  const byName = new Map(pages.map((p) => [p.name, p]));
  const menu = (items: readonly MenuItemDef[]) => items.map((i) => menuEntry(i, byName));
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(PAGES_FILE, CONTRACT), namedImports: ['NavMenuItem', 'PageTable'], isTypeOnly: true },
    constant('PAGES', 'PageTable', 'Every page of the spec by name: path, layout, guards, page-access requirement, feature (src/shared/page-access.ts decides).',
      Object.fromEntries(pages.map((p) => [p.name, pageEntry(p)]))),
    constant('CUSTOMER_MENU', 'readonly NavMenuItem[]', "The shop's sidebar, in order; visibleMenu filters it by feature and permission.", menu(menus.customer)),
    constant('USER_MENU', 'readonly NavMenuItem[]', "The header's user menu, in order.", menu(menus.user)),
    constant('ADMIN_EXTRA_MENU', 'readonly NavMenuItem[]', 'Platform admin menu entries behind extra privileges, after ADMIN_MENU.', menu(menus.adminExtra)),
  ];
  return [tsFileFromStructure(PAGES_FILE, ir.model.pagesSource, { statements: spaced(statements) }), pageViewsFile(pages, ir.model.pagesSource)];
}

/**
 * generated/app/page-views.gen.ts: a loader per built page (its `view`), so the app's one router,
 * its menus and its landing page know the built pages from the model alone, and each page's code
 * loads when it is opened (the light pages never load the react-admin ones).
 */
function pageViewsFile(pages: readonly PageDef[], source: string): GeneratedFile {
  const loaders = pages.filter((p) => p.view).map((p) => {
    const [module, exported] = p.view!.split('#') as [string, string];
    const from = relativeImport(PAGE_VIEWS_FILE, `${APP_DIR}/${module}`);
    const key = /^[a-z][a-z0-9]*$/.test(p.name) ? p.name : `'${p.name}'`;
    return `  ${key}: () => import('${from}').then((m) => m.${exported}),`;
  });
  const text = [
    "import type { ComponentType } from 'react';",
    '',
    '/** Loads the component of a page the app has built, by page name (the model\'s `view`). */',
    'export type PageViewLoader = () => Promise<ComponentType>;',
    '',
    "/** Every built page's view, by its name in PAGES; a page without an entry is not built yet. */",
    ...(loaders.length ? ['export const PAGE_VIEWS: Readonly<Record<string, PageViewLoader>> = {', ...loaders, '};'] : ['export const PAGE_VIEWS: Readonly<Record<string, PageViewLoader>> = {};']),
    '',
  ].join('\n');
  return tsFileFromText(PAGE_VIEWS_FILE, source, text);
}
