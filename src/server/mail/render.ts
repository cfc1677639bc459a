import type { Language } from '../../../model/dsl/i18n';
import type { MailKind } from '../../../model/resources/mail-outbox';
import { escapeHtml, placeholdersOf, serverText } from '../i18n';
import { MAIL_TEXTS } from './texts';

/** A message ready to send: the same words as plain text and as simple HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface RenderInput {
  kind: MailKind;
  language: Language;
  /** The tenant's product name, in the sign-off and the footer. */
  product: string;
  recipientName: string;
  /** Absolute address of the page the mail is about. */
  link: string;
  /** The kind's placeholders (orderNumber, amount, reason, …). */
  values: Readonly<Record<string, string>>;
}

/**
 * The mail text under `key` with its placeholders filled, escaped whole for HTML when asked; null when
 * every placeholder of the line is empty (a paragraph about a missing value is left out rather than
 * printed half).
 */
function fill(language: Language, key: string, values: Readonly<Record<string, string>>, html = false): string | null {
  const names = placeholdersOf(language, key);
  if (names.length && names.every((n) => !values[n])) return null;
  const filled = serverText(language, key, values);
  return html ? escapeHtml(filled) : filled;
}

/** HTML paragraphs keep the writer's line breaks (a comment, a reminder's description). */
const htmlLines = (s: string) => s.replace(/\r?\n/g, '<br>\n');

/**
 * Renders a notification mail in `language` from the texts of its kind. The subject and the text
 * part are plain; in the HTML part every value is escaped, so what users wrote (a reason, a
 * comment, a name) cannot add markup or links.
 */
export function renderMail(input: RenderInput): RenderedMail {
  const { language: lang } = input;
  const prefix = `mail.${input.kind}`;
  const values = { ...input.values, name: input.recipientName, product: input.product };
  const subject = fill(lang, `${prefix}.subject`, values)!.replace(/\s+/g, ' ').trim();
  const paragraphs = MAIL_TEXTS[input.kind].paragraphs.map((_, i) => `${prefix}.paragraphs.${i}`);
  const action = serverText(lang, `${prefix}.action`);
  const signOff = serverText(lang, 'mail.frame.signOff');

  const textParts = [
    fill(lang, 'mail.frame.greeting', values),
    ...paragraphs.map((p) => fill(lang, p, values)),
    fill(lang, 'mail.frame.actionLine', { action, link: input.link }),
    `${signOff}\n${input.product}`,
    `-- \n${fill(lang, 'mail.frame.footer', values)}`,
  ].filter((p): p is string => p !== null);

  const htmlParagraphs = ['mail.frame.greeting', ...paragraphs].map((p) => fill(lang, p, values, true)).filter((p): p is string => p !== null);
  const html = [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937;">',
    ...htmlParagraphs.map((p) => `<p>${htmlLines(p)}</p>`),
    `<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 8px 16px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(signOff)}<br>\n${escapeHtml(input.product)}</p>`,
    `<p style="font-size: 12px; color: #6b7280;">${fill(lang, 'mail.frame.footer', values, true)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');

  return { subject, text: `${textParts.join('\n\n')}\n`, html: `${html}\n` };
}
