import { createInstance, type i18n as I18next, type InitOptions } from 'i18next';
import type { I18nProvider } from 'ra-core';
import { getI18nProvider } from 'ra-i18n-i18next';
import { whenIdle } from '../bootstrap/when-idle';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from './language';
import { setFormatLanguage } from './format';

type Pack = () => Promise<{ default: readonly object[] }>;

/**
 * Each language's messages come in two tiers, each an i18next namespace in a chunk of its own
 * (packs/): `base`, which the light shop pages and the app shell need (generated texts but the
 * resource labels, the app's own), and `admin`, which only react-admin reads (react-admin's texts,
 * the resource labels). The light pages load the base tier alone (scripts/bundle-budget.ts).
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

/** One language's texts by full key: 'ra.action.save' → 'Opslaan'. */
export type Phrases = ReadonlyMap<string, string>;

/**
 * The texts of message trees by dotted key, later trees winning per key. A key may itself contain
 * dots (generated field labels such as fields['address.city']): it is found under the joined path.
 */
export function flattenMessages(trees: readonly object[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: object, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') out.set(prefix + key, value);
      else if (value && typeof value === 'object') walk(value, `${prefix}${key}.`);
    }
  };
  trees.forEach((tree) => walk(tree, ''));
  return out;
}

/** Every text of one language in the given tiers (both by default) by full key, loading their packs. */
export async function loadMessages(language: Language, tiers: readonly Tier[] = TIERS): Promise<Phrases> {
  const packs = await Promise.all(TIERS.filter((tier) => tiers.includes(tier)).map((tier) => PACKS[tier][language]()));
  return flattenMessages(packs.flatMap((pack) => pack.default));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * A tier's trees merged into one i18next resource bundle, later trees winning, with every plural
 * form the language's rules can ask for: the texts give '_one' and '_other', and French also asks
 * for '_many' (a million, Intl.PluralRules), which then reads as '_other' instead of missing.
 */
function bundleOf(trees: readonly object[], language: Language): Record<string, unknown> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const merge = (into: Record<string, unknown>, tree: object) => {
    for (const [key, value] of Object.entries(tree)) {
      if (value && typeof value === 'object') {
        const child = into[key];
        into[key] = merge(child && typeof child === 'object' ? (child as Record<string, unknown>) : {}, value);
      } else into[key] = value;
    }
    return into;
  };
  const complete = (node: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object') complete(value as Record<string, unknown>);
      else if (key.endsWith('_other')) {
        const stem = key.slice(0, -'_other'.length);
        for (const category of categories) if (!(`${stem}_${category}` in node)) node[`${stem}_${category}`] = value;
      }
    }
    return node;
  };
  return complete(trees.reduce<Record<string, unknown>>((into, tree) => merge(into, tree), {}));
}

export const isPluralKey = (key: string) => PLURAL_SUFFIX.test(key);

export const LOCALES = LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] }));

export interface AppI18n {
  /** The one i18next instance: every text and every locale-dependent format reads it. */
  i18next: I18next;
  /** react-admin's provider over that instance (ra-i18n-i18next), also given to the light pages. */
  i18nProvider: I18nProvider;
  /**
   * Loads the admin tier (react-admin's texts, resource labels) of the interface language and of
   * Dutch; from then on a language switch loads both tiers of the new language before it applies.
   * The same promise on every call, so a react-admin area can `use()` it before it renders
   * (areas/use-ra-services.ts).
   */
  loadAdminTexts(): Promise<void>;
}

/**
 * i18next's options: Dutch is the fallback language; tiers are namespaces, the base tier first so
 * the app's texts win over react-admin's. Keys are dotted paths but never carry a namespace:
 * react-admin sometimes passes a whole sentence as the key (notify(error.message)), colon included.
 * Values are not HTML-escaped (React escapes them) and a missing variable reads as nothing.
 */
const OPTIONS: InitOptions = {
  fallbackLng: 'nl',
  supportedLngs: [...LANGUAGES],
  ns: ['base', 'admin'],
  defaultNS: 'base',
  fallbackNS: 'admin',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  missingInterpolationHandler: () => '',
  returnEmptyString: true,
  partialBundledLanguages: true,
};

/**
 * One i18next instance for the whole app, with react-admin's i18nProvider made by ra-i18n-i18next
 * (which also binds the instance to react-i18next). The light shop pages (src/app/shell/light) read the
 * same provider through ra-core's context, without loading react-admin. The tiers are our own
 * lazy chunks added as resource bundles (no i18next backend), so the first page waits for the
 * interface language's base tier only: Dutch, the fallback, follows once the page is up (en and
 * fr have every key of the base tier, typed by the Dutch tree). See AppI18n.loadAdminTexts.
 */
export async function createAppI18n(language: Language): Promise<AppI18n> {
  const i18next = createInstance();
  /** The tiers of each language that are in the instance, or on their way. */
  const loading = new Map<string, Promise<void>>();
  let admin = false;
  let adminReady: Promise<void> | null = null;
  const loadTier = (l: Language, tier: Tier) => {
    const key = `${l}|${tier}`;
    let load = loading.get(key);
    if (!load) {
      load = PACKS[tier][l]().then((pack) => {
        i18next.addResourceBundle(l, tier, bundleOf(pack.default, l), true, true);
      });
      // A failed load (a chunk gone after a deploy) is tried again on the next call.
      load.catch(() => loading.delete(key));
      loading.set(key, load);
    }
    return load;
  };
  /** Loads the tiers in use for `language`; again when the admin tier was asked for meanwhile. */
  const ensure = async (l: Language) => {
    let withAdmin: boolean;
    do {
      withAdmin = admin;
      await Promise.all((withAdmin ? TIERS : (['base'] as const)).map((tier) => loadTier(l, tier)));
    } while (withAdmin !== admin);
  };
  const [raProvider] = await Promise.all([
    // A store of its own: i18next keeps the `resources` object it is given and adds to it.
    getI18nProvider(i18next, { ...OPTIONS, resources: {}, lng: language }, LOCALES),
    ensure(language),
  ]);
  if (language !== 'nl') whenIdle(() => void ensure('nl').catch(() => undefined));
  const follow = (l: string) => {
    // Screen readers and the browser's own texts (date pickers) follow the page's lang attribute.
    document.documentElement.lang = l;
    setFormatLanguage(l);
  };
  i18next.on('languageChanged', follow);

  const i18nProvider: I18nProvider = {
    ...raProvider,
    async changeLocale(locale) {
      if (!isLanguage(locale)) throw new Error(`Unknown interface language: ${locale}`);
      await ensure(locale);
      await raProvider.changeLocale(locale);
    },
  };
  const loadAdminTexts = () => {
    admin = true;
    if (!adminReady) {
      const ready: Promise<void> & { status?: 'fulfilled' } = Promise.all([...new Set<Language>([i18next.language as Language, 'nl'])].map(ensure)).then(
        () => {
          // React's use() reads a promise marked fulfilled at once; an unmarked one, even settled, suspends the first render that asks.
          ready.status = 'fulfilled';
        },
        (error: unknown) => {
          adminReady = null;
          throw error;
        },
      );
      adminReady = ready;
    }
    return adminReady;
  };
  follow(language);
  return { i18next, i18nProvider, loadAdminTexts };
}

export { hasMessage } from './has-message';
