import type { Language } from '../../../model/dsl/i18n';
import { escapeHtml, serverText, type TextValues } from '../i18n';
import type { LoginTextKey } from './login-texts';
import { LOGOUT_SCRIPT } from './page-security';

/** Server-rendered pages of the identity provider: themed per tenant, no script needed to sign in. */

export interface PageTheme {
  name: string;
  primary: string;
  secondary: string;
  danger: string;
  logo: string | null;
}

/** A text of the provider's pages in `lang` (the server's i18next, `login.<key>`), placeholders filled. */
export const loginText = (lang: Language, key: LoginTextKey, values?: TextValues) => serverText(lang, `login.${key}`, values);

const DEFAULT_THEME: PageTheme = { name: 'Shop', primary: '#1f4e79', secondary: '#3b82f6', danger: '#b91c1c', logo: null };

// Theme values come from the database and land in CSS: accept colour syntax only.
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/deg]+\))$/i;
const colour = (value: unknown, fallback: string) => (typeof value === 'string' && COLOUR.test(value.trim()) ? value.trim() : fallback);
const safeUrl = (value: unknown) => (typeof value === 'string' && /^(https?:\/\/|\/)[^\s"'<>]*$/i.test(value) ? value : null);

/** The page theme from a tenants row's name and theme column ({primary, secondary, danger, logoMain, ...}). */
export function pageTheme(tenant: { name: string; theme: unknown } | undefined): PageTheme {
  if (!tenant) return DEFAULT_THEME;
  const theme = (typeof tenant.theme === 'string' ? JSON.parse(tenant.theme) : tenant.theme ?? {}) as Record<string, unknown>;
  return {
    name: tenant.name,
    primary: colour(theme.primary, DEFAULT_THEME.primary),
    secondary: colour(theme.secondary, DEFAULT_THEME.secondary),
    danger: colour(theme.danger, DEFAULT_THEME.danger),
    logo: safeUrl(theme.logoMain),
  };
}

export function layout(lang: Language, theme: PageTheme, title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(theme.name)}</title>
${head}
<style>
:root{--primary:${theme.primary};--secondary:${theme.secondary};--danger:${theme.danger}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f5f7;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:400px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);border-top:4px solid var(--primary)}
h1{margin:0 0 4px;font-size:1.5rem;color:var(--primary)}
p.intro{margin:0 0 24px;color:#52606d}
img.logo{display:block;max-height:48px;max-width:200px;margin:0 0 16px}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:10px 12px;border:1px solid #cbd2d9;border-radius:6px;font:inherit}
input:focus{outline:2px solid var(--secondary);outline-offset:1px;border-color:var(--secondary)}
button{margin-top:24px;width:100%;padding:11px;border:0;border-radius:6px;background:var(--primary);color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{filter:brightness(1.1)}
.error{margin:0 0 8px;padding:10px 12px;border-radius:6px;background:#fdecec;color:var(--danger);border:1px solid var(--danger)}
nav.langs{margin-top:24px;text-align:center;font-size:.875rem}
p.links{margin:16px 0 0;display:grid;gap:8px;text-align:center}
p.links a,p[role=status] a{color:var(--primary)}
a.button{display:block;margin-top:24px;padding:11px;border-radius:6px;background:var(--primary);color:#fff;text-align:center;font-weight:600;text-decoration:none}
/* Links in the primary colour: tenants' secondary colours (orange, lime) are too light for text on white (WCAG 1.4.3). */
nav.langs a{color:var(--primary);margin:0 6px}
nav.langs a[aria-current]{font-weight:700;color:inherit;text-decoration:none}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export interface LoginPageInput {
  lang: Language;
  theme: PageTheme;
  action: string;
  /** Base of the language links ('?lang=xx' is appended). */
  selfUrl: string;
  email?: string;
  error?: string;
  /** "Forgot your password?" and "Create an account" (interactions.ts), when the tenant signs in here. */
  links?: { forgot: string; create: string };
}

/** The logo, title, intro and error every form page of the provider starts with. */
function pageHead(theme: PageTheme, title: string, intro: string, error?: string): string {
  return `
${theme.logo ? `<img class="logo" src="${escapeHtml(theme.logo)}" alt="${escapeHtml(theme.name)}">` : ''}
<h1>${escapeHtml(title)}</h1>
<p class="intro">${escapeHtml(intro)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}`;
}

/** The three language links of a page, each to `selfUrl` in that language. */
function languageLinks(lang: Language, selfUrl: string): string {
  const sep = selfUrl.includes('?') ? '&' : '?';
  const links = (['nl', 'en', 'fr'] as const).map((l) =>
    `<a href="${escapeHtml(`${selfUrl}${sep}lang=${l}`)}" hreflang="${l}" lang="${l}"${l === lang ? ' aria-current="true"' : ''}>${l.toUpperCase()}</a>`).join('');
  return `<nav class="langs" aria-label="${escapeHtml(loginText(lang, 'language'))}">${links}</nav>`;
}

export function renderLoginPage(input: LoginPageInput): string {
  const { lang, theme } = input;
  const t = (key: LoginTextKey) => escapeHtml(loginText(lang, key, { tenant: theme.name }));
  const body = `${pageHead(theme, loginText(lang, 'title'), loginText(lang, 'intro', { tenant: theme.name }), input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="lang" value="${lang}">
<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(input.email ?? '')}">
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${t('submit')}</button>
</form>
${input.links ? `<p class="links"><a href="${escapeHtml(`${input.links.forgot}?lang=${lang}`)}">${t('forgotLink')}</a><a href="${escapeHtml(`${input.links.create}?lang=${lang}`)}">${t('createLink')}</a></p>` : ''}
${languageLinks(lang, input.selfUrl)}`;
  return layout(lang, theme, loginText(lang, 'title'), body);
}

export interface AccountRequestPageInput {
  lang: Language;
  theme: PageTheme;
  /** Where the form posts, and the page's own address for its language links. */
  action: string;
  /** The sign-in page to go back to. */
  back: string;
  values?: { email?: string; firstname?: string; lastname?: string };
  error?: string;
}

/** A form beside the sign-in that asks what a link is mailed for: its fields, its button, the way back. */
function accountRequestPage(input: AccountRequestPageInput, keys: { title: LoginTextKey; intro: LoginTextKey; submit: LoginTextKey }, fields: string): string {
  const { lang, theme } = input;
  const t = (key: LoginTextKey) => escapeHtml(loginText(lang, key, { tenant: theme.name }));
  const body = `${pageHead(theme, loginText(lang, keys.title), loginText(lang, keys.intro, { tenant: theme.name }), input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="lang" value="${lang}">
${fields}
<button type="submit">${t(keys.submit)}</button>
</form>
<p class="links"><a href="${escapeHtml(`${input.back}?lang=${lang}`)}">${t('backToSignIn')}</a></p>
${languageLinks(lang, input.action)}`;
  return layout(lang, theme, loginText(lang, keys.title), body);
}

/** One labelled input of such a form. */
const inputField = (lang: Language, key: LoginTextKey, attributes: string, value: string | undefined) =>
  `<label for="${key}">${escapeHtml(loginText(lang, key))}</label>
<input id="${key}" name="${key}" ${attributes} required value="${escapeHtml(value ?? '')}">`;

/** "Forgot your password?": the address to send a new link to. */
export function renderForgotPasswordPage(input: AccountRequestPageInput): string {
  return accountRequestPage(input, { title: 'forgotTitle', intro: 'forgotIntro', submit: 'sendLink' },
    inputField(input.lang, 'email', 'type="email" autocomplete="username" autofocus', input.values?.email));
}

/** "Create an account": a name and an address; the mail that follows sets the password. */
export function renderCreateAccountPage(input: AccountRequestPageInput): string {
  const v = input.values ?? {};
  return accountRequestPage(input, { title: 'createTitle', intro: 'createIntro', submit: 'createSubmit' }, [
    inputField(input.lang, 'firstname', 'type="text" autocomplete="given-name" maxlength="100" autofocus', v.firstname),
    inputField(input.lang, 'lastname', 'type="text" autocomplete="family-name" maxlength="100"', v.lastname),
    inputField(input.lang, 'email', 'type="email" autocomplete="email" maxlength="254"', v.email),
  ].join('\n'));
}

/** A page with one message (expired interaction, signed out, provider error). */
export function renderMessagePage(lang: Language, theme: PageTheme, title: string, message: string, link?: { href: string; text: string }): string {
  return layout(lang, theme, title, `<h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p>${
    link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>` : ''}`);
}

/**
 * RP-initiated logout without a confirmation question: the provider's own form (it carries the
 * xsrf token) gets logout=yes and is submitted at once; without script the user presses one button.
 */
export function renderLogoutPage(lang: Language, theme: PageTheme, providerForm: string): string {
  const form = providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const body = `<h1>${escapeHtml(loginText(lang, 'signingOut'))}</h1>${form}
<noscript><button type="submit" form="op.logoutForm">${escapeHtml(loginText(lang, 'signOut'))}</button></noscript>
<script>${LOGOUT_SCRIPT}</script>`;
  return layout(lang, theme, loginText(lang, 'signOut'), body);
}
