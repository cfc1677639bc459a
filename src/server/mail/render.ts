import type { Language } from '../../../model/dsl/i18n';
import type { MailKind } from './message';
import { MAIL_FRAME, MAIL_TEXTS } from './texts';

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

const PLACEHOLDER = /\{(\w+)\}/g;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Fills `{name}` placeholders, escaping for HTML when asked; null when every placeholder of the
 * line is empty (a paragraph about a missing value is left out rather than printed half).
 */
function fill(template: string, values: Readonly<Record<string, string>>, html = false): string | null {
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length && names.every((n) => !values[n])) return null;
  // split() with the capturing group alternates literal text and placeholder names.
  return template.split(PLACEHOLDER).map((part, i) => {
    const piece = i % 2 ? values[part] ?? '' : part;
    return html ? escapeHtml(piece) : piece;
  }).join('');
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
  const texts = MAIL_TEXTS[input.kind];
  const values = { ...input.values, name: input.recipientName, product: input.product };
  const subject = fill(texts.subject[lang], values)!.replace(/\s+/g, ' ').trim();
  const paragraphs = texts.paragraphs.map((p) => p[lang]);
  const greeting = MAIL_FRAME.greeting[lang];
  const footer = MAIL_FRAME.footer[lang];
  const action = texts.action[lang];

  const textParts = [
    fill(greeting, values),
    ...paragraphs.map((p) => fill(p, values)),
    fill(MAIL_FRAME.actionLine[lang], { action, link: input.link }),
    `${MAIL_FRAME.signOff[lang]}\n${input.product}`,
    `-- \n${fill(footer, values)}`,
  ].filter((p): p is string => p !== null);

  const htmlParagraphs = [greeting, ...paragraphs].map((p) => fill(p, values, true)).filter((p): p is string => p !== null);
  const html = [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937;">',
    ...htmlParagraphs.map((p) => `<p>${htmlLines(p)}</p>`),
    `<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 8px 16px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(MAIL_FRAME.signOff[lang])}<br>\n${escapeHtml(input.product)}</p>`,
    `<p style="font-size: 12px; color: #6b7280;">${fill(footer, values, true)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');

  return { subject, text: `${textParts.join('\n\n')}\n`, html: `${html}\n` };
}
