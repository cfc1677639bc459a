import type { Language, MenuItemDef } from '../../model/dsl';
import type { ModelInput } from '../model-input';

export const menuLabelKey = (key: string) => `menu.${key}`;
export const pageTitleKey = (name: string) => `pages.${name}`;

function labels(items: readonly MenuItemDef[], lang: Language, into: Record<string, string>): Record<string, string> {
  for (const item of items) {
    into[item.key] = item.label[lang];
    if (item.children) labels(item.children, lang, into);
  }
  return into;
}

/** The menu and pages namespaces of GeneratedMessages for one language. */
export function pageMessages(model: ModelInput, lang: Language): { menu: Record<string, string>; pages: Record<string, string> } {
  const menu: Record<string, string> = {};
  for (const items of [model.menus.customer, model.menus.user, model.menus.adminExtra]) labels(items, lang, menu);
  return { menu, pages: Object.fromEntries(model.pages.map((p) => [p.name, p.title[lang]])) };
}
