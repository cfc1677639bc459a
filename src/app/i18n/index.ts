import type { I18nProvider, TranslateFunction } from 'ra-core';
import { whenIdle } from '../bootstrap/when-idle';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from './language';
import { flattenMessages, translatePhrase, type Phrases } from './translator';

type Pack = () => Promise<{ default: readonly object[] }>;

/**
 * Each language's messages come in two tiers, each a chunk of its own (packs/): the base tier, which
 * the light shop pages and the app shell need (generated texts but the resource labels, the app's
 * own), and the admin tier, which only react-admin reads (react-admin's texts, the resource labels).
 * The light pages load the base tier alone (issue 4's budget, scripts/bundle-budget.ts).
 */
export type Tier = 'admin' | 'base';

/** In precedence order: later tiers win, so the app's own texts override react-admin's (ra.*). */
const TIERS: readonly Tier[] = ['admin', 'base'];

const PACKS: Readonly<Record<Tier, Readonly<Record<Language, Pack>>>> = {
  base: {
    nl: () => import('./packs/nl'),
    en: () => import('./packs/en'),
    fr: () => import('./packs/fr'),
  },
  admin: {
    nl: () => import('./packs/nl-admin'),
    en: () => import('./packs/en-admin'),
    fr: () => import('./packs/fr-admin'),
  },
};

/** Every text of one language in the given tiers (both by default) by full key, loading their packs. */
export async function loadMessages(language: Language, tiers: readonly Tier[] = TIERS): Promise<Phrases> {
  const packs = await Promise.all(TIERS.filter((tier) => tiers.includes(tier)).map((tier) => PACKS[tier][language]()));
  return flattenMessages(packs.flatMap((pack) => pack.default));
}

export const LOCALES = LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] }));

export interface AppI18n {
  i18nProvider: I18nProvider;
  /** Calls `listener` after every language change; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /**
   * Loads the admin tier (react-admin's texts, resource labels) of the interface language and of
   * Dutch; from then on a language switch loads both tiers of the new language before it applies.
   * The same promise on every call, so a react-admin area can `use()` it before it renders
   * (areas/use-ra-services.ts).
   */
  loadAdminTexts(): Promise<void>;
}

const NO_PHRASES: Phrases = new Map();

/**
 * The react-admin i18nProvider over our own translator (translator.ts); Dutch is the fallback
 * language. Not react-admin's ra-i18n-polyglot, so that the shop's light pages (src/app/light) can
 * translate without loading react-admin: the object only satisfies ra-core's I18nProvider type.
 * It starts with the base tier only; see AppI18n.loadAdminTexts.
 */
export async function createAppI18n(language: Language): Promise<AppI18n> {
  /** Each loaded language's texts, and whether they include the admin tier. */
  const loaded = new Map<Language, { admin: boolean; phrases: Phrases }>();
  let admin = false;
  let adminReady: Promise<void> | null = null;
  const ready = (l: Language) => loaded.get(l)?.admin === true || (!admin && loaded.has(l));
  /** Loads the tiers in use for `language`; again when the admin tier was asked for meanwhile. */
  const ensure = async (l: Language) => {
    while (!ready(l)) {
      const withAdmin = admin;
      const phrases = await loadMessages(l, withAdmin ? TIERS : ['base']);
      if (!loaded.get(l)?.admin) loaded.set(l, { admin: withAdmin, phrases });
    }
  };
  // The interface language now. Dutch, the fallback, once the page is up: en and fr have every key of
  // the base tier (typed by the Dutch tree; the generator writes all three), so the first page does
  // not wait for it. Another language is loaded when switched to.
  await ensure(language);
  if (language !== 'nl') whenIdle(() => void ensure('nl').catch(() => undefined));
  const listeners = new Set<() => void>();
  let current = language;

  const translate: TranslateFunction = (key, options) =>
    translatePhrase(loaded.get(current)!.phrases, loaded.get('nl')?.phrases ?? NO_PHRASES, current, key, options ?? {});
  const i18nProvider: I18nProvider = {
    translate,
    async changeLocale(locale) {
      if (!isLanguage(locale)) throw new Error(`Unknown interface language: ${locale}`);
      await ensure(locale);
      current = locale;
      // Screen readers and the browser's own texts (date pickers) follow the page's lang attribute.
      document.documentElement.lang = locale;
      listeners.forEach((listener) => listener());
    },
    getLocale: () => current,
    getLocales: () => LOCALES,
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const loadAdminTexts = () => {
    admin = true;
    // A failed load (a chunk gone after a deploy) is tried again on the next call.
    adminReady ??= Promise.all([...new Set<Language>([current, 'nl'])].map(ensure)).then(
      () => undefined,
      (error: unknown) => {
        adminReady = null;
        throw error;
      },
    );
    return adminReady;
  };
  document.documentElement.lang = language;
  return { i18nProvider, subscribe, loadAdminTexts };
}

export { hasMessage } from './has-message';
