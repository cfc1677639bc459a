import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { ApiError } from '../errors';
import { handedOutOrigin } from '../public-url';
import { findPasswordLink, setPasswordWithLink, SET_PASSWORD_PATH } from '../users/password-links';
import { escapeHtml, negotiateLanguage } from '../i18n';
import type { LoginTextKey } from './login-texts';
import { providerPageCsp } from './page-security';
import { layout, loginText, pageTheme, renderMessagePage, type PageTheme } from './pages';
import type { OidcRuntime } from './provider';
import type { DB } from '../../../generated/db/database.gen';
import type { Language } from '../../../model/dsl/i18n';

/**
 * The identity provider's set-password page (flows §4 users: the invitation's and the password
 * mail's link): a signed-out person chooses a password with the link's secret, then signs in on the
 * shop. Server-rendered like the sign-in page, no script; the secret travels in a hidden field.
 */

type Query = { token?: string; lang?: string };
type Form = { token?: string; password?: string; confirm?: string; lang?: string };

const HEADERS = { 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' };

function renderForm(lang: Language, theme: PageTheme, token: string, email: string, error?: string): string {
  const t = (key: LoginTextKey) => escapeHtml(loginText(lang, key, { tenant: theme.name, email, min: String(CONSTANTS.passwordMinLength) }));
  const body = `
${theme.logo ? `<img class="logo" src="${escapeHtml(theme.logo)}" alt="${escapeHtml(theme.name)}">` : ''}
<h1>${t('setPasswordTitle')}</h1>
<p class="intro">${t('setPasswordIntro')}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${SET_PASSWORD_PATH}" novalidate>
<input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="email" name="email" autocomplete="username" value="${escapeHtml(email)}" hidden readonly>
<label for="password">${t('newPassword')}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${CONSTANTS.passwordMinLength}" required autofocus>
<label for="confirm">${t('confirmPassword')}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">${t('setPasswordSubmit')}</button>
</form>`;
  return layout(lang, theme, loginText(lang, 'setPasswordTitle'), body);
}

function renderDone(lang: Language, theme: PageTheme, email: string, shopUrl: string): string {
  const body = `<h1>${escapeHtml(loginText(lang, 'setPasswordTitle'))}</h1>
<p role="status">${escapeHtml(loginText(lang, 'passwordSet', { email }))}</p>
<a class="button" href="${escapeHtml(shopUrl)}">${escapeHtml(loginText(lang, 'toShop'))}</a>`;
  return layout(lang, theme, loginText(lang, 'setPasswordTitle'), body);
}

export function registerSetPasswordRoutes(app: FastifyInstance, runtime: OidcRuntime, db: Kysely<DB>): void {
  async function send(reply: FastifyReply, status: number, html: string) {
    const csp = providerPageCsp(await runtime.origins.all());
    return reply.code(status).headers({ ...HEADERS, 'content-security-policy': csp }).type('text/html; charset=utf-8').send(html);
  }
  const languageFor = (request: FastifyRequest, explicit?: string) => negotiateLanguage({
    explicit, acceptLanguage: request.headers['accept-language'], tenantDefault: request.tenant?.defaultLanguage, tenantSupported: request.tenant?.supportedLanguages,
  });
  // An unusable link: the way to a new one is "Forgot your password?" on the shop's sign-in page.
  const invalid = (request: FastifyRequest, reply: FastifyReply, lang: Language) => {
    const tenant = request.tenant;
    const toShop = tenant ? { href: `${handedOutOrigin(runtime.publicUrl, tenant.hostname, tenant.hostname)}/`, text: loginText(lang, 'toShop') } : undefined;
    return send(reply, 400, renderMessagePage(lang, pageTheme(tenant ? { name: tenant.name, theme: tenant.theme } : undefined),
      loginText(lang, 'setPasswordTitle'), loginText(lang, 'linkInvalid'), toShop));
  };

  app.get<{ Querystring: Query }>(SET_PASSWORD_PATH, async (request, reply) => {
    const lang = languageFor(request, request.query.lang);
    const link = await findPasswordLink(db, String(request.query.token ?? ''));
    if (!link) return invalid(request, reply, lang);
    return send(reply, 200, renderForm(lang, pageTheme({ name: link.tenantName, theme: link.theme }), String(request.query.token), link.email));
  });

  app.post<{ Body: Form }>(SET_PASSWORD_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const lang = languageFor(request, form.lang);
    const token = String(form.token ?? '');
    const link = await findPasswordLink(db, token);
    if (!link) return invalid(request, reply, lang);
    const theme = pageTheme({ name: link.tenantName, theme: link.theme });
    const password = String(form.password ?? '');
    if (password !== String(form.confirm ?? '')) return send(reply, 400, renderForm(lang, theme, token, link.email, loginText(lang, 'passwordMismatch')));
    try {
      const done = await setPasswordWithLink(db, token, password);
      const shopUrl = `${handedOutOrigin(runtime.publicUrl, done.hostname, done.hostname)}/`;
      return send(reply, 200, renderDone(lang, theme, done.email, shopUrl));
    } catch (err) {
      if (err instanceof ApiError && err.errorCode === 'PasswordTooWeak') {
        return send(reply, 400, renderForm(lang, theme, token, link.email, loginText(lang, 'passwordTooShort', { min: String(CONSTANTS.passwordMinLength) })));
      }
      if (err instanceof ApiError && err.errorCode === 'ResetLinkInvalid') return invalid(request, reply, lang);
      throw err;
    }
  });
}
