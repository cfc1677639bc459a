import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { ADMIN_MENU } from '../../generated/app/menu.gen';
import { createAppI18n, messagesFor } from '../../src/app/i18n';
import dutchMessages from '../../src/app/i18n/ra-nl';
import { MENU_ICONS } from '../../src/app/layout/menu-icons';

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('messages', () => {
  it("has a Dutch text for every one of react-admin's keys, with the same plural forms", () => {
    expect(keys(dutchMessages).sort()).toEqual(keys(englishMessages).sort());
    const en = new Map(keys(englishMessages).map((k) => [k, k.split('.').reduce((o: any, p) => o[p], englishMessages)]));
    for (const key of keys(dutchMessages)) {
      const nl: string = key.split('.').reduce((o: any, p) => o[p], dutchMessages);
      expect(nl.includes('||||'), key).toBe(String(en.get(key)).includes('||||'));
    }
  });

  it('has every text of the app in Dutch, English and French: no key is missing or empty in one language', () => {
    const [nl, en, fr] = (['nl', 'en', 'fr'] as const).map((l) => messagesFor(l));
    // Walk the trees themselves: some keys contain dots (field paths such as 'address.city').
    const leaves = (tree: object, prefix = ''): [string, unknown][] => Object.entries(tree).flatMap(([k, v]) =>
      (v && typeof v === 'object' ? leaves(v, `${prefix}${k}/`) : [[`${prefix}${k}`, v] as [string, unknown]]));
    const languages = { nl: new Map(leaves(nl)), en: new Map(leaves(en)), fr: new Map(leaves(fr)) };
    const all = new Set(Object.values(languages).flatMap((m) => [...m.keys()]));
    // A text may be empty only where English leaves it empty on purpose (react-admin's ra.boolean.null).
    const problems = [...all].flatMap((key) => Object.entries(languages)
      .filter(([, m]) => typeof m.get(key) !== 'string' || ((m.get(key) as string).trim() === '' && String(languages.en.get(key)).trim() !== ''))
      .map(([lang]) => `${lang}: ${key}`));
    expect(problems).toEqual([]);
    expect(all.size).toBeGreaterThan(500);
  });

  it("reads polyglot-style '%{var}' and '||||' plurals through i18next", async () => {
    const { i18nProvider } = await createAppI18n('nl');
    const t = i18nProvider.translate;
    expect(t('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item geselecteerd');
    expect(t('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items geselecteerd');
    expect(t('app.home.greeting', { name: 'Bea' })).toBe('Welkom, Bea');
    expect(t('resources.suppliers.name', { smart_count: 1 })).toBe('Leverancier');
    expect(t('resources.suppliers.name', { smart_count: 2 })).toBe('Leveranciers');
    // Values are not HTML-escaped: React escapes them.
    expect(t('app.home.greeting', { name: 'R&D <x>' })).toBe('Welkom, R&D <x>');
  });

  it('finds field labels whose names contain a dot (address.city)', async () => {
    const { i18nProvider } = await createAppI18n('en');
    expect(i18nProvider.translate('resources.warehouses.fields.address.city')).toBe('City');
  });

  it('keeps a sentence with a colon as the text when it is no key', async () => {
    const { i18nProvider } = await createAppI18n('nl');
    expect(i18nProvider.translate('Server: down', { _: 'Server: down' })).toBe('Server: down');
  });

  it('falls back to Dutch, the default language', async () => {
    const { i18nProvider } = await createAppI18n('fr');
    expect(i18nProvider.getLocale()).toBe('fr');
    expect(i18nProvider.translate('ra.action.save')).toBe('Enregistrer');
    expect(i18nProvider.getLocales?.().map((l) => l.locale)).toEqual(['nl', 'en', 'fr']);
  });
});

describe('admin menu', () => {
  it('has an icon registered for every icon name the model uses', () => {
    for (const entry of ADMIN_MENU) expect(MENU_ICONS[entry.icon], entry.icon).toBeDefined();
  });
});
