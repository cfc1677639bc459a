import type { MenuItemDef } from '../../model/dsl';
import type { ModelInput } from '../model-input';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const KEY = /^[a-z][A-Za-z0-9]*$/;
/** A page's view: a module path under src/app (no '..', no extension) and the export drawing the page. */
const VIEW = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*#[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Whether `ref` names a hand-written component as the model does: '<module under src/app>#<export>' (page views, show panels). */
export const isAppComponentRef = (ref: string): boolean => VIEW.test(ref);

function* walk(items: readonly MenuItemDef[]): Generator<MenuItemDef> {
  for (const item of items) {
    yield item;
    if (item.children) yield* walk(item.children);
  }
}

/**
 * What TypeScript cannot check in the page catalogue and the menus: unique page names and paths,
 * menu entries naming pages that exist, one target per entry, and menu keys unique across menus
 * (they share the i18n namespace menu.<key>).
 */
export function pageProblems(model: ModelInput): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const paths = new Map<string, string>();
  for (const p of model.pages) {
    if (!NAME.test(p.name)) problems.push(`page ${p.name}: names are lower-case words joined by '-'`);
    if (names.has(p.name)) problems.push(`page ${p.name}: declared twice`);
    names.add(p.name);
    if (!p.path.startsWith('/')) problems.push(`page ${p.name}: path ${p.path} does not start with /`);
    const owner = paths.get(p.path);
    if (owner) problems.push(`page ${p.name}: path ${p.path} is already page ${owner}`);
    else paths.set(p.path, p.name);
    if (p.requires && !p.guards.includes('permission')) problems.push(`page ${p.name}: a requirement without the permission guard`);
    if (p.view !== undefined && !isAppComponentRef(p.view)) problems.push(`page ${p.name}: view ${p.view} is not '<module under src/app>#<export>'`);
  }
  const keys = new Set<string>();
  for (const [menu, items] of Object.entries(model.menus)) {
    for (const item of walk(items)) {
      const at = `menu ${menu}.${item.key}`;
      if (!KEY.test(item.key)) problems.push(`${at}: keys are camelCase identifiers`);
      if (keys.has(item.key)) problems.push(`${at}: key used twice (menu keys share menu.<key>)`);
      keys.add(item.key);
      const targets = [item.page, item.href, item.tenantLink, item.action, item.children].filter((x) => x !== undefined).length;
      if (targets !== 1) problems.push(`${at}: needs exactly one of page, href, tenantLink, action, children`);
      if (item.page && !names.has(item.page)) problems.push(`${at}: opens unknown page ${item.page}`);
      if (item.children && item.children.length === 0) problems.push(`${at}: a group without entries`);
    }
  }
  return problems;
}
