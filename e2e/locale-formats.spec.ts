import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './actions';

/**
 * Dates, numbers and money follow the interface language (nl-BE, en-BE, fr-BE), on a light shop
 * page and in an admin list, at once when the language is switched from the header. The texts are
 * read as the user sees them; what each locale should show is asked of the browser's own Intl, so
 * the journey states the rule (the language's locale, one date format) rather than fixed strings.
 * Users no other journey signs in with on these tenants: the switch is saved in their settings.
 */

const LOCALES = { nl: 'nl-BE', en: 'en-BE', fr: 'fr-BE' } as const;
type Language = keyof typeof LOCALES;
const NAMES: Record<Language, string> = { nl: 'Nederlands', en: 'English', fr: 'Français' };

/** Picks a language in the header's language menu and waits until the page speaks it. */
async function switchLanguage(page: Page, language: Language) {
  await page.getByRole('button', { name: /^(taal|language|langue) \([A-Z]{2}\)$/i }).click();
  await page.getByRole('menuitem', { name: NAMES[language] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** An amount of money written in `locale` → its number ('€ 1.234,50' in nl-BE → 1234.5), as the browser's Intl writes that locale. */
async function amountOf(page: Page, text: string, locale: string): Promise<number> {
  return page.evaluate(([text, locale]) => {
    // Money's own separators: en-BE writes plain numbers '1.234,5' but amounts '€1,234.50'.
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).formatToParts(1234.5);
    const group = parts.find((p) => p.type === 'group')!.value;
    const decimal = parts.find((p) => p.type === 'decimal')!.value;
    // The first amount of the text ('€ 4,95 per 10' → '4,95').
    const written = /\d[\d.,\u00a0\u202f ]*\d/.exec(text)?.[0] ?? '';
    const digits = written.split(group).join('').replace(decimal, '.');
    return Number(digits);
  }, [text, locale] as const);
}

const money = (page: Page, amount: number, locale: string) =>
  page.evaluate(([amount, locale]) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount), [amount, locale] as const);

/**
 * The date a text shows in `locale`'s one date format (day, short month, year in Brussels), found
 * among the days of five years around today, and how `other` writes it.
 */
async function sameDateIn(page: Page, text: string, locale: string, other: string): Promise<string | null> {
  return page.evaluate(([text, locale, other]) => {
    const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Brussels' };
    const from = new Intl.DateTimeFormat(locale, options);
    const to = new Intl.DateTimeFormat(other, options);
    const day = 86_400_000;
    const start = Date.now() - 3 * 365 * day;
    for (let t = start; t < start + 5 * 365 * day; t += day) {
      const date = new Date(t);
      if (from.format(date) === text.trim()) return to.format(date);
    }
    return null;
  }, [text, locale, other] as const);
}

/** The text of the first cell of a list column that is not empty. */
async function firstFilled(cells: Locator): Promise<string> {
  await expect(cells.first()).toBeVisible({ timeout: 30_000 });
  for (const text of await cells.allInnerTexts()) if (text.trim()) return text.trim();
  throw new Error('no filled cell');
}

test.describe('formats in the interface language', () => {
  test('a light shop page writes its prices as the language does, switching at once', async ({ page }) => {
    // acme starts in English.
    await signIn(page, 'manager@demo.test', { host: 'acme.localhost', path: '/products' });
    const price = page.getByRole('article').first().locator('p').filter({ hasText: /€/ }).first();
    await expect(price).toBeVisible({ timeout: 30_000 });
    try {
      const en = (await price.innerText()).trim();
      expect(en).toMatch(/^€\d{1,3}(,\d{3})*\.\d\d\b/); // en-BE: '€4.95'
      const amount = await amountOf(page, en, LOCALES.en);

      await switchLanguage(page, 'nl');
      await expect(price).toContainText(await money(page, amount, LOCALES.nl)); // '€ 4,95'
      await switchLanguage(page, 'fr');
      await expect(price).toContainText(await money(page, amount, LOCALES.fr)); // '4,95 €'
      expect(await price.innerText()).not.toContain(en);
    } finally {
      await switchLanguage(page, 'en');
    }
  });

  test('an admin list writes its dates and amounts as the language does, switching at once', async ({ page }) => {
    // globex starts in French.
    await signIn(page, 'admin@demo.test', { host: 'globex.localhost', path: '/ycAdmin/offers' });
    const table = page.getByRole('table');
    // Start dates are the list's fourth column after the check box, title and description: find them by their look instead.
    const dates = table.getByRole('cell').filter({ hasText: /^\s*\d{1,2} \S+ \d{4}\s*$/ });
    try {
      const fr = await firstFilled(dates);
      const nl = await sameDateIn(page, fr, LOCALES.fr, LOCALES.nl);
      expect(nl, `'${fr}' is a date in fr-BE's one format`).not.toBeNull();
      expect(nl).not.toBe(fr);
      await switchLanguage(page, 'nl');
      await expect(table.getByRole('cell', { name: nl!, exact: true }).first()).toBeVisible();
      await expect(table.getByRole('cell', { name: fr, exact: true })).toHaveCount(0);

      // Amounts: the suppliers' shipping costs.
      await page.goto(page.url().replace(/\/ycAdmin\/offers.*$/, '/ycAdmin/suppliers'));
      const amounts = page.getByRole('table').getByRole('cell').filter({ hasText: /€/ });
      const nlAmount = await firstFilled(amounts);
      expect(nlAmount).toMatch(/^€\s\d/); // nl-BE: '€ 7,50'
      const value = await amountOf(page, nlAmount, LOCALES.nl);
      await switchLanguage(page, 'fr');
      await expect(page.getByRole('table').getByRole('cell', { name: await money(page, value, LOCALES.fr), exact: true }).first()).toBeVisible(); // '7,50 €'
    } finally {
      await switchLanguage(page, 'fr');
    }
  });
  test("a form's date picker speaks the interface language and refuses a day that does not exist", async ({ page }) => {
    // globex starts in French; its super admin manages the banners.
    await signIn(page, 'admin@demo.test', { host: 'globex.localhost', path: '/ycAdmin/offers/create' });
    const start = page.getByRole('group', { name: /^Date de début/ });
    const sections = async () => (await start.getByRole('spinbutton').allInnerTexts()).join('/');
    await expect(start).toBeVisible({ timeout: 30_000 });
    try {
      // The empty sections name what to type in the language: jour, mois, année.
      expect(await sections()).toBe('JJ/MM/AAAA');
      await page.getByRole('button', { name: /choisir la date/i }).first().click();
      const calendar = page.getByRole('dialog');
      const month = new Intl.DateTimeFormat('fr-BE', { month: 'long', year: 'numeric' }).format(new Date());
      await expect(calendar.getByText(month, { exact: false })).toBeVisible();
      await page.keyboard.press('Escape');

      await switchLanguage(page, 'nl');
      const begin = page.getByRole('group', { name: /^Startdatum/ });
      await expect(begin).toBeVisible();
      expect((await begin.getByRole('spinbutton').allInnerTexts()).join('/')).toBe('DD/MM/JJJJ');
      await page.getByLabel(/^Omschrijving/).fill('Datumtest');
      await begin.getByRole('spinbutton').first().click();
      await page.keyboard.type('31022030'); // 31 February
      await page.getByRole('button', { name: /^Opslaan$/ }).click();
      await expect(page.getByText('Geen geldige datum.')).toBeVisible();
      await expect(page).toHaveURL(/\/ycAdmin\/offers\/create$/); // nothing was saved

      await begin.getByRole('spinbutton').first().click();
      await page.keyboard.type('05032030');
      await page.getByRole('button', { name: /^Opslaan$/ }).click();
      await expect(page).toHaveURL(/\/ycAdmin\/offers(\?.*)?$/);
      await expect(page.getByRole('cell', { name: new Intl.DateTimeFormat('nl-BE', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(2030, 2, 5)), exact: true }).first()).toBeVisible();
    } finally {
      await switchLanguage(page, 'fr');
    }
  });
});
