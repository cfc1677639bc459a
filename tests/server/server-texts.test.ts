import { describe, expect, test } from 'vitest';
import { VALIDATION_MESSAGES } from '../../model';
import { LANGUAGES, type Language } from '../../model/dsl/i18n';
import { supplierOrderDocument, type SupplierOrderPdfData } from '../../src/server/fulfilment/order-pdf';
import { serverText } from '../../src/server/i18n';
import { serverResources } from '../../src/server/i18n/resources';
import { renderMail } from '../../src/server/mail/render';
import { pageTheme, renderLoginPage } from '../../src/server/oidc/pages';

/**
 * The server's texts, mail, PDF labels and the identity provider's pages, come from one i18next
 * instance with the app's `{{name}}` placeholders; HTML stays escaped exactly once.
 */

const mail = (language: Language, values: Record<string, string>) =>
  renderMail({ kind: 'orderRejected', language, product: 'Inkoopshop', recipientName: 'An', link: 'https://shop.example/order-detail/1', values });

const pdfData = (language: Language): SupplierOrderPdfData => ({
  language, sender: 'Inkoopshop', settings: null, supplierName: 'Office Depot', gcsNumber: 'YCS-7-1', orderNumber: 'YCS-7', orderDate: null,
  customer: { name: 'Bakkerij', vatNumber: null, deliveryAddress: { street: 'Veldstraat', houseNumber: '5', zipCode: '9000', city: 'Gent', countryCode: 'BE' } },
  orderedBy: null, extraInfo: null, lines: [], totals: { excl: '0.00', vat: '0.00', incl: '0.00' },
});

const login = (language: Language, tenant: string) =>
  renderLoginPage({ lang: language, theme: pageTheme({ name: tenant, theme: {} }), action: '/oidc/interaction/u1/login', selfUrl: '/oidc/interaction/u1' });

const EXPECTED = {
  nl: { mail: ['Je bestelling ORD-9 is afgekeurd', 'Reden: Te duur', 'Hallo An,'], pdf: ['Bestelling YCS-7-1', 'Pagina 2/3', 'België'], login: 'Meld je aan bij Kantoorgroep' },
  en: { mail: ['Your order ORD-9 has been rejected', 'Reason: Te duur', 'Hello An,'], pdf: ['Purchase order YCS-7-1', 'Page 2/3', 'Belgium'], login: 'Sign in to Kantoorgroep' },
  fr: { mail: ['Votre commande ORD-9 a été refusée', 'Motif : Te duur', 'Bonjour An,'], pdf: ['Bon de commande YCS-7-1', 'Page 2/3', 'Belgique'], login: 'Connectez-vous à Kantoorgroep' },
} as const;

describe('server texts through one i18next instance', () => {
  test.each(LANGUAGES)('a mail, the PDF labels and the login page in %s, placeholders filled', (language) => {
    const expected = EXPECTED[language];
    const rendered = mail(language, { orderNumber: 'ORD-9', amount: '', reason: 'Te duur' });
    for (const text of expected.mail) expect(`${rendered.subject}\n${rendered.text}`).toContain(text);

    const doc = supplierOrderDocument(pdfData(language)) as { info: { title: string }; footer: (page: number, pages: number) => { columns: { text: string }[] } };
    expect(doc.info.title).toBe(expected.pdf[0]);
    expect(doc.footer(2, 3).columns[1]!.text).toBe(expected.pdf[1]);
    expect(JSON.stringify(doc)).toContain(`"${expected.pdf[2]}"`);

    const page = login(language, 'Kantoorgroep');
    expect(page).toContain(`<p class="intro">${expected.login}</p>`);
    expect(page).toContain(`<html lang="${language}">`);
  });

  test('every server text is in i18next format: {{name}} placeholders only, every key in the three languages', () => {
    const resources = serverResources();
    const leaves = (node: unknown, path = ''): [string, string][] => typeof node === 'string' ? [[path, node]]
      : Object.entries(node as object).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
    const keys = LANGUAGES.map((language) => leaves(resources[language].server).map(([key]) => key).sort());
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    for (const language of LANGUAGES) {
      for (const [key, text] of leaves(resources[language].server)) {
        // No other placeholder style ('%{x}', '{x}') is left: a lone brace pair would print as written.
        expect(text.replace(/\{\{\w+\}\}/g, ''), `${language} ${key}`).not.toMatch(/%\{|\{\w+\}/);
      }
    }
    expect(serverText('fr', 'ErrorMessage.OrderNotFound')).toBe('Commande introuvable.');
    expect(serverText('en', 'validation.messages.invalid')).toBe(VALIDATION_MESSAGES.invalid.en);
  });

  test('a value is printed as written: never read as a placeholder or a nested key', () => {
    expect(serverText('en', 'login.intro', { tenant: '{{email}} $t(login.title)' })).toBe('Sign in to {{email}} $t(login.title)');
    expect(serverText('nl', 'login.intro')).toBe('Meld je aan bij ');
  });

  test('HTML is escaped exactly once: a <script> in a name stays inert on the login page and in the mail', () => {
    const page = login('en', '<script>alert(1)</script> & Co');
    expect(page).toContain('<p class="intro">Sign in to &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</p>');
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('&amp;lt;');

    const rendered = renderMail({
      kind: 'orderRejected', language: 'fr', product: 'Shop', recipientName: '<script>x()</script>', link: 'https://shop.example/o/1',
      values: { orderNumber: 'ORD-1', amount: '', reason: '<img src=x onerror=alert(1)>' },
    });
    expect(rendered.html).toContain('<p>Bonjour &lt;script&gt;x()&lt;/script&gt;,</p>');
    expect(rendered.html).toContain('<p>Motif : &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(rendered.html).not.toMatch(/<script>|<img|&amp;lt;/);
    // The plain part and the subject carry the values as written.
    expect(rendered.text).toContain('Bonjour <script>x()</script>,');
  });
});
