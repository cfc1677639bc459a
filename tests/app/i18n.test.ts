import { describe, expect, it, vi } from 'vitest';
import englishMessages from 'ra-language-english';
import { ADMIN_MENU } from '../../generated/app/menu.gen';
import { createAppI18n, loadMessages } from '../../src/app/i18n';
import dutchMessages from '../../src/app/i18n/ra-nl';
import { intlLocale } from '../../src/app/i18n/format';
import { MENU_ICONS } from '../../src/app/shell/menu-icons';
import { ADMIN_MENU_ICONS } from '../../src/app/shell/admin-menu-icons';

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('messages', () => {
  it("has a Dutch text for every one of react-admin's keys, with the same plural forms", () => {
    expect(keys(dutchMessages).sort()).toEqual(keys(englishMessages).sort());
    const en = new Map(keys(englishMessages).map((k) => [k, k.split('.').reduce((o: any, p) => o[p], englishMessages)]));
    for (const key of keys(dutchMessages)) {
      const nl: string = key.split('.').reduce((o: any, p) => o[p], dutchMessages);
      expect(nl.includes('||||'), key).toBe(String(en.get(key)).includes('||||'));
      expect(nl.split('||||').length, key).toBeLessThanOrEqual(2); // convertRaTranslationsToI18next reads two forms
    }
  });

  it('has every text of the app in Dutch, English and French: no key is missing or empty in one language', async () => {
    const [nl, en, fr] = await Promise.all((['nl', 'en', 'fr'] as const).map((l) => loadMessages(l)));
    const languages = { nl, en, fr };
    const all = new Set(Object.values(languages).flatMap((m) => [...m.keys()]));
    // A text may be empty only where English leaves it empty on purpose (react-admin's ra.boolean.null).
    const problems = [...all].flatMap((key) => Object.entries(languages)
      .filter(([, m]) => typeof m.get(key) !== 'string' || ((m.get(key) as string).trim() === '' && String(languages.en.get(key)).trim() !== ''))
      .map(([lang]) => `${lang}: ${key}`));
    expect(problems).toEqual([]);
    expect(all.size).toBeGreaterThan(500);
  });

  it("counts with plural forms: a text that starts with {{count}} (a number of things) has its '_one' and '_other' forms ('1 leveringen' is wrong)", async () => {
    for (const language of ['nl', 'en', 'fr'] as const) {
      const messages = await loadMessages(language);
      const single = [...messages].filter(([key, text]) => text.startsWith('{{count}} ') && !/_(zero|one|two|few|many|other)$/.test(key)).map(([key]) => key);
      expect(single, language).toEqual([]);
    }
  });

  it("has every text in i18next's format once loaded: no polyglot '%{var}' or '||||' is left", async () => {
    for (const language of ['nl', 'en', 'fr'] as const) {
      const messages = await loadMessages(language);
      expect([...messages].filter(([, text]) => /%\{\w+\}|\|\|\|\|/.test(text)).map(([key]) => key), language).toEqual([]);
    }
  });

  it("reads i18next's '{{var}}' and '_one'/'_other' plurals, also from react-admin's converted packs", async () => {
    const { i18nProvider, loadAdminTexts } = await createAppI18n('nl');
    await loadAdminTexts();
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
    const { i18nProvider, loadAdminTexts } = await createAppI18n('en');
    await loadAdminTexts();
    expect(i18nProvider.translate('resources.warehouses.fields.address.city')).toBe('City');
  });

  it('keeps a sentence with a colon as the text when it is no key', async () => {
    const { i18nProvider } = await createAppI18n('nl');
    expect(i18nProvider.translate('Server: down', { _: 'Server: down' })).toBe('Server: down');
  });

  it('falls back to Dutch, the default language', async () => {
    const { i18nProvider, loadAdminTexts } = await createAppI18n('fr');
    await loadAdminTexts();
    expect(i18nProvider.getLocale()).toBe('fr');
    expect(i18nProvider.translate('ra.action.save')).toBe('Enregistrer');
    expect(i18nProvider.getLocales?.().map((l) => l.locale)).toEqual(['nl', 'en', 'fr']);
  });
});

describe('the i18next instance', () => {
  it('falls back to Dutch, then to the _ default, then to the key; a missing variable reads as nothing', async () => {
    const { i18next, i18nProvider } = await createAppI18n('fr');
    i18next.addResource('nl', 'base', 'test.onlyDutch', 'Dag {{name}}');
    const t = i18nProvider.translate;
    expect(t('test.onlyDutch', { name: 'Bea', _: 'défaut' })).toBe('Dag Bea');
    expect(t('test.nowhere', { _: 'défaut' })).toBe('défaut');
    expect(t('test.nowhere')).toBe('test.nowhere');
    expect(t('test.onlyDutch')).toBe('Dag ');
  });

  it("picks the plural with the language's rules (Intl.PluralRules) from react-admin's smart_count", async () => {
    const { i18nProvider } = await createAppI18n('fr');
    const t = i18nProvider.translate;
    // French counts 0 as singular and asks for a 'many' form for a million, read as the plural.
    expect(t('shop.basket.stockAfter', { smart_count: 0 })).toBe('pièce.');
    expect(t('shop.basket.stockAfter', { smart_count: 1 })).toBe('pièce.');
    expect(t('shop.basket.stockAfter', { smart_count: 2 })).toBe('pièces.');
    expect(t('shop.basket.stockAfter', { smart_count: 1_000_000 })).toBe('pièces.');
    expect(t('shop.marketplace.stats', { smart_count: 2 })).toBe('2 produits trouvés');
    await i18nProvider.changeLocale('nl');
    expect(t('shop.basket.stockAfter', { smart_count: 0 })).toBe('stuks.');
    expect(t('shop.basket.stockAfter', { smart_count: 1 })).toBe('stuk.');
    expect(t('shop.addToBasket.minOrder', { smart_count: 2 })).toBe('Minimum 2 stuks per bestelling');
    expect(t('shop.addToBasket.minOrder', { smart_count: 1 })).toBe('Minimum 1 stuk per bestelling');
    // i18next's own count works too.
    expect(t('shop.marketplace.stats', { count: 1 })).toBe('1 product gevonden');
  });

  it('loads a language when switched to and tells listeners, the page and the formats', async () => {
    const i18n = await createAppI18n('nl');
    await i18n.loadAdminTexts();
    const changed = vi.fn();
    i18n.i18next.on('languageChanged', changed);
    await i18n.i18nProvider.changeLocale('en');
    expect(changed).toHaveBeenCalledWith('en');
    expect(i18n.i18nProvider.getLocale()).toBe('en');
    expect(i18n.i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(document.documentElement.lang).toBe('en');
    expect(intlLocale()).toBe('en-BE');
    i18n.i18next.off('languageChanged', changed);
    await i18n.i18nProvider.changeLocale('fr');
    expect(changed).toHaveBeenCalledTimes(1);
    await expect(i18n.i18nProvider.changeLocale('de')).rejects.toThrow('de');
    expect(i18n.i18nProvider.getLocale()).toBe('fr');
    expect(intlLocale()).toBe('fr-BE');
  });
});

describe('message tiers', () => {
  // The admin tier: react-admin's texts, the resource labels, and the texts of the pages drawn by react-admin (orders, budgets, order templates, the background tasks, supplier orders and what they show a supplier's user, invoices, warehouses and stock, suppliers, users, contracts, product management, customers and registrations, an article's images, the product import, the platform admin's product management and baskets, the audit trail).
  const adminKey = /^(ra\.|resources\.|tasks\.|fulfilment\.|supplierSide\.|invoices\.|contracts\.|productManagement\.|Invoice\.|stock\.|suppliers\.|users\.|shop\.budgets\.|shop\.orderEdits\.|shop\.templates\.|shop\.orderForm\.|shop\.orderRequest\.|shop\.orders\.(?!toApproveBadge)|shop\.conversation\.|shop\.attachments\.|shop\.ratings\.|shop\.reminders\.|customerRegistrations\.|customerPanel\.|reporting\.|articleImages\.|productImport\.|adminProducts\.|basketAdmin\.|addressBook\.|dashboard\.|unauthorizedWhy\.|basketBudget\.|registration\.|audit\.)/;

  it("keeps react-admin's texts, the resource labels and react-admin pages' texts out of the base tier, and every other text out of the admin tier", async () => {
    for (const language of ['nl', 'en', 'fr'] as const) {
      const [base, admin] = await Promise.all([loadMessages(language, ['base']), loadMessages(language, ['admin'])]);
      expect([...base.keys()].filter((key) => adminKey.test(key)), language).toEqual([]);
      // Error and failure texts the light pages never show (model LIGHT_PAGE_MESSAGES) travel with the admin tier too, each in one tier only.
      expect([...admin.keys()].filter((key) => !adminKey.test(key) && !/^(ErrorMessage|failure)\./.test(key)), language).toEqual([]);
      expect([...admin.keys()].filter((key) => base.has(key)), language).toEqual([]);
      expect(base.get('ErrorMessage.NotEnoughStock'), language).toBeTruthy();
      expect(admin.get('ErrorMessage.BudgetNotEnough'), language).toBeTruthy();
      expect(base.get('app.common.loading'), language).toBeTruthy();
      expect(admin.get('ra.page.loading'), language).toBeTruthy();
    }
  });

  it('starts with the base tier; loadAdminTexts adds the admin tier of the language and of Dutch, once', async () => {
    const i18n = await createAppI18n('fr');
    const t = i18n.i18nProvider.translate;
    expect(t('app.common.loading')).toBe('Chargement');
    expect(t('ra.action.save')).toBe('ra.action.save');
    expect(t('resources.suppliers.name', { smart_count: 2 })).toBe('resources.suppliers.name');
    const ready = i18n.loadAdminTexts();
    expect(i18n.loadAdminTexts()).toBe(ready);
    await ready;
    expect(t('ra.action.save')).toBe('Enregistrer');
    expect(t('resources.suppliers.name', { smart_count: 2 })).toBe('Fournisseurs');
    expect(i18n.loadAdminTexts()).toBe(ready);
  });

  it('loads both tiers of a language switched to after the admin tier, even when the switch started before', async () => {
    const after = await createAppI18n('nl');
    await after.loadAdminTexts();
    await after.i18nProvider.changeLocale('en');
    expect(after.i18nProvider.translate('ra.action.save')).toBe('Save');

    const during = await createAppI18n('nl');
    const switching = during.i18nProvider.changeLocale('fr');
    await Promise.all([during.loadAdminTexts(), switching]);
    expect(during.i18nProvider.getLocale()).toBe('fr');
    expect(during.i18nProvider.translate('ra.action.save')).toBe('Enregistrer');
  });

  it("lets the app's own texts win over react-admin's once the admin tier is loaded", async () => {
    vi.resetModules();
    vi.doMock('../../src/app/i18n/packs/nl', async (importOriginal) => {
      const actual = await importOriginal<{ default: readonly object[] }>();
      return { default: [...actual.default, { ra: { action: { save: 'Bewaren' } } }] };
    });
    try {
      const { createAppI18n: create } = await import('../../src/app/i18n');
      const i18n = await create('nl');
      expect(i18n.i18nProvider.translate('ra.action.save')).toBe('Bewaren');
      await i18n.loadAdminTexts();
      expect(i18n.i18nProvider.translate('ra.action.save')).toBe('Bewaren');
      expect(i18n.i18nProvider.translate('ra.action.cancel')).toBe('Annuleren');
    } finally {
      vi.doUnmock('../../src/app/i18n/packs/nl');
      vi.resetModules();
    }
  });
});

describe('admin menu', () => {
  it('has an icon registered for every icon name the model uses', () => {
    for (const entry of ADMIN_MENU) expect(ADMIN_MENU_ICONS[entry.icon] ?? MENU_ICONS[entry.icon], entry.icon).toBeDefined();
  });
});
