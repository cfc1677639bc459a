import { describe, expect, test } from 'vitest';
import { MAIL_KINDS } from '../../model';
import { LANGUAGES } from '../../model/dsl/i18n';
import type { MailKind } from '../../model/resources/mail-outbox';
import { renderMail } from '../../src/server/mail/render';
import { MAIL_TEXTS } from '../../src/server/mail/texts';

/** The mail templates: every kind in nl, en and fr, whole; user text never becomes markup. */

const VALUES = {
  orderNumber: 'ORD-1', amount: ' (€ 10,00)', orderedBy: 'Bart', reason: 'Te duur', author: 'Els', comment: 'Graag snel',
  title: 'Contract verlengen', description: 'Loopt af op 31/12',
  // An order to a supplier (kind supplierOrder).
  gcsNumber: 'ORD-1-1', customer: 'Bakkerij Janssens', message: 'Levering voor 10 uur',
  // A back-in-stock mail (kind articleBackInStock).
  article: 'Nietmachine',
};
const render = (kind: MailKind, language: (typeof LANGUAGES)[number], values: Record<string, string> = VALUES) =>
  renderMail({ kind, language, product: 'Inkoopshop', recipientName: 'An', link: 'https://shop.example/order-detail/1', values });

describe('renderMail', () => {
  test('every kind of the model has texts, and renders in every language with no placeholder left', () => {
    expect(Object.keys(MAIL_TEXTS).sort()).toEqual(Object.keys(MAIL_KINDS).sort());
    for (const kind of Object.keys(MAIL_KINDS) as MailKind[]) {
      const subjects = new Set<string>();
      for (const language of LANGUAGES) {
        const mail = render(kind, language);
        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}/);
        expect(mail.text).toContain('https://shop.example/order-detail/1');
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.text).toContain('Inkoopshop');
        subjects.add(mail.subject);
      }
      // Three languages, three different subjects: nothing left untranslated.
      expect(subjects.size).toBe(3);
    }
  });

  test('greeting, sign-off and action in the language', () => {
    expect(render('orderApproved', 'nl').text).toMatch(/^Hallo An,\n\nBestelling ORD-1 \(€ 10,00\) is goedgekeurd\.\n\nBestelling bekijken: https:\/\/shop\.example\/order-detail\/1\n\nMet vriendelijke groeten,\nInkoopshop\n/);
    expect(render('orderApproved', 'en').text).toMatch(/^Hello An,[\s\S]*View the order: [\s\S]*Kind regards,\nInkoopshop/);
    expect(render('orderApproved', 'fr').text).toMatch(/^Bonjour An,[\s\S]*\nVoir la commande : https:[\s\S]*Cordialement,\nInkoopshop/);
  });

  test('values are escaped in HTML and kept as written in text; a line about an empty value is left out', () => {
    const mail = render('orderComment', 'en', { ...VALUES, comment: '<script>alert(1)</script>\n"quoted" & more', author: 'Eve <eve@x>' });
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>\n&quot;quoted&quot; &amp; more');
    expect(mail.html).toContain('Eve &lt;eve@x&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert(1)</script>\n"quoted" & more');
    const reminder = render('reminderDue', 'nl', { title: 'Verlengen', description: '' });
    expect(reminder.text).not.toMatch(/\n\n\n/);
    expect(reminder.html).not.toContain('<p></p>');
  });

  test('an order without a total is named without empty brackets', () => {
    expect(render('orderApproved', 'fr', { ...VALUES, amount: '' }).text).toContain('La commande ORD-1 a été approuvée.');
  });

  test('a subject stays one line whatever the values hold', () => {
    expect(render('reminderDue', 'en', { title: 'Two\r\nBcc: x@example.com', description: '' }).subject).toBe('Reminder: Two Bcc: x@example.com');
  });
});
