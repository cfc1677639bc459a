import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { CREATE_ACCOUNT_STEP, FORGOT_PASSWORD_STEP } from '../users/paths';
import { requestPasswordReset, signUp } from '../users/password-links';
import type { DB } from '../../../generated/db/database.gen';
import { verifyPassword } from './accounts';
import { findTenantUser } from './claims';
import type { TenantsRow } from './db-types';
import type { Language } from '../../../model/dsl/i18n';
import { negotiateLanguage } from '../i18n';
import { providerPageCsp } from './page-security';
import { loginText, pageTheme, renderCreateAccountPage, renderForgotPasswordPage, renderLoginPage, renderMessagePage } from './pages';
import type { OidcRuntime } from './provider';
import type { ThrottleVerdict } from './throttle';
import { findTenantByClientId } from './tenants';

/**
 * The provider's interaction pages as Fastify routes: the shop's own login page (GET) and its form
 * post (POST .../login), and beside it "Forgot your password?" and "Create an account" (GET and POST
 * .../forgot-password, .../create-account), which mail a link to the set-password page
 * (users/password-links.ts) and lead back to the sign-in. Consent is never asked (first-party
 * clients, see loadFirstPartyGrant).
 */

type Params = { uid: string };
type LoginForm = { email?: string; password?: string; lang?: string };
type AccountForm = { email?: string; firstname?: string; lastname?: string; lang?: string };

const EMAIL = z.email().max(254);
const NAME = z.string().trim().min(1).max(100);

function throttleText(lang: Language, verdict: Exclude<ThrottleVerdict, { state: 'open' }>): string {
  return verdict.state === 'locked'
    ? loginText(lang, 'locked', { minutes: String(verdict.minutes) })
    : loginText(lang, 'slowDown', { seconds: String(verdict.seconds) });
}

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  // The login form must not be framed (clickjacking); the rest of the policy: page-security.ts.
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

export function registerInteractionRoutes(app: FastifyInstance, runtime: OidcRuntime, appDb: Kysely<DB>): void {
  const { provider, db, interactionPath, throttle } = runtime;

  async function sendHtml(reply: FastifyReply, status: number, html: string) {
    const csp = providerPageCsp(await runtime.origins.all());
    return reply.code(status).headers({ ...PAGE_HEADERS, 'content-security-policy': csp }).type('text/html; charset=utf-8').send(html);
  }

  const languageFor = (request: FastifyRequest, interaction: Interaction | undefined, tenant: TenantsRow | undefined, explicit?: string) =>
    negotiateLanguage({
      explicit,
      uiLocales: interaction?.params.ui_locales,
      acceptLanguage: request.headers['accept-language'],
      tenantDefault: tenant?.default_language,
      tenantSupported: tenant?.supported_languages,
    });

  /** The interaction of this browser (cookie) for this uid, or undefined when expired or foreign. */
  async function loadInteraction(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch {
      return undefined;
    }
  }

  function expired(request: FastifyRequest, reply: FastifyReply, explicit?: string) {
    const lang = languageFor(request, undefined, undefined, explicit);
    return sendHtml(reply, 400, renderMessagePage(lang, pageTheme(undefined), loginText(lang, 'errorTitle'), loginText(lang, 'expired')));
  }

  function loginPage(reply: FastifyReply, status: number, uid: string, lang: Language, tenant: TenantsRow | undefined, email?: string, error?: string) {
    return sendHtml(reply, status, renderLoginPage({
      lang, theme: pageTheme(tenant), action: `${interactionPath}/${uid}/login`, selfUrl: `${interactionPath}/${uid}`, email, error,
      links: tenant ? { forgot: `${interactionPath}/${uid}/${FORGOT_PASSWORD_STEP}`, create: `${interactionPath}/${uid}/${CREATE_ACCOUNT_STEP}` } : undefined,
    }));
  }

  app.get<{ Params: Params; Querystring: { lang?: string } }>(`${interactionPath}/:uid`, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(request, reply, request.query.lang);
    if (interaction.prompt.name === 'consent') return autoConsent(request, reply, interaction);
    const tenant = interaction.params.client_id ? await findTenantByClientId(db, interaction.params.client_id) : undefined;
    const lang = languageFor(request, interaction, tenant, request.query.lang);
    // Signed in already, but not as an active user of this shop: say so before asking again.
    const error = interaction.prompt.reasons.includes('tenant_user_missing') ? loginText(lang, 'noActiveAccess') : undefined;
    return loginPage(reply, 200, interaction.uid, lang, tenant, interaction.params.login_hint, error);
  });

  app.post<{ Params: Params; Body: LoginForm }>(`${interactionPath}/:uid/login`, async (request, reply) => {
    const form = (request.body ?? {}) as LoginForm;
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(request, reply, form.lang);
    const tenant = interaction.params.client_id ? await findTenantByClientId(db, interaction.params.client_id) : undefined;
    const lang = languageFor(request, interaction, tenant, form.lang);
    const email = (form.email ?? '').trim();
    if (!email || !form.password) return loginPage(reply, 400, interaction.uid, lang, tenant, email, loginText(lang, 'missingFields'));
    const accountKey = { kind: 'account', tenantId: tenant?.id ?? '-', email } as const;
    const keys = [accountKey, { kind: 'address', address: request.ip } as const];
    // Before the password is looked at: while slowed down or locked, even the right one is refused.
    const verdict = await throttle.check(keys);
    if (verdict.state !== 'open') return loginPage(reply, 429, interaction.uid, lang, tenant, email, throttleText(lang, verdict));
    const account = await verifyPassword(db, email, form.password);
    if (!account) {
      const after = await throttle.fail(keys);
      const message = after.state === 'locked' ? throttleText(lang, after) : loginText(lang, 'invalidCredentials');
      return loginPage(reply, 401, interaction.uid, lang, tenant, email, message);
    }
    await throttle.succeed(accountKey);
    const user = tenant ? await findTenantUser(db, tenant.id, account.email) : undefined;
    if (!user?.active) return loginPage(reply, 403, interaction.uid, lang, tenant, email, loginText(lang, 'noActiveAccess'));
    const returnTo = await provider.interactionResult(request.raw, reply.raw,
      { login: { accountId: account.id, remember: true } }, { mergeWithLastSubmission: false });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  });

  /**
   * The interaction and its tenant for a page beside the sign-in, or the "expired" page. Each of its
   * posts counts on the client's address like a failed sign-in, so mails cannot be asked for in bulk.
   */
  async function accountRequest(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, explicit: string | undefined) {
    const interaction = await loadInteraction(request, reply);
    const tenant = interaction?.params.client_id ? await findTenantByClientId(db, interaction.params.client_id) : undefined;
    if (!interaction || !tenant) {
      await expired(request, reply, explicit);
      return undefined;
    }
    const lang = languageFor(request, interaction, tenant, explicit);
    const base = `${interactionPath}/${interaction.uid}`;
    return { interaction, tenant, lang, theme: pageTheme(tenant), back: base, base };
  }

  /** Throttled by the client's address (as sign-in failures are): the verdict's text, or undefined to go on. */
  async function addressThrottle(request: FastifyRequest, lang: Language): Promise<string | undefined> {
    const keys = [{ kind: 'address', address: request.ip } as const];
    const verdict = await throttle.check(keys);
    if (verdict.state !== 'open') return throttleText(lang, verdict);
    await throttle.fail(keys);
    return undefined;
  }

  const mailSentPage = (reply: FastifyReply, lang: Language, theme: ReturnType<typeof pageTheme>, back: string, title: string, message: string) =>
    sendHtml(reply, 200, renderMessagePage(lang, theme, title, message, { href: `${back}?lang=${lang}`, text: loginText(lang, 'backToSignIn') }));

  app.get<{ Params: Params; Querystring: { lang?: string } }>(`${interactionPath}/:uid/${FORGOT_PASSWORD_STEP}`, async (request, reply) => {
    const at = await accountRequest(request, reply, request.query.lang);
    if (!at) return reply;
    return sendHtml(reply, 200, renderForgotPasswordPage({ ...at, action: `${at.base}/${FORGOT_PASSWORD_STEP}`, values: { email: at.interaction.params.login_hint as string | undefined } }));
  });

  app.post<{ Params: Params; Body: AccountForm }>(`${interactionPath}/:uid/${FORGOT_PASSWORD_STEP}`, async (request, reply) => {
    const form = (request.body ?? {}) as AccountForm;
    const at = await accountRequest(request, reply, form.lang);
    if (!at) return reply;
    const email = String(form.email ?? '').trim();
    const page = (status: number, error: string) => sendHtml(reply, status, renderForgotPasswordPage({ ...at, action: `${at.base}/${FORGOT_PASSWORD_STEP}`, values: { email }, error }));
    if (!EMAIL.safeParse(email).success) return page(400, loginText(at.lang, 'invalidEmail'));
    const slowDown = await addressThrottle(request, at.lang);
    if (slowDown) return page(429, slowDown);
    await requestPasswordReset(appDb, at.tenant.id, email);
    return mailSentPage(reply, at.lang, at.theme, at.back, loginText(at.lang, 'forgotTitle'),
      loginText(at.lang, 'linkSent', { tenant: at.tenant.name, email, hours: String(CONSTANTS.passwordLinkHours) }));
  });

  app.get<{ Params: Params; Querystring: { lang?: string } }>(`${interactionPath}/:uid/${CREATE_ACCOUNT_STEP}`, async (request, reply) => {
    const at = await accountRequest(request, reply, request.query.lang);
    if (!at) return reply;
    return sendHtml(reply, 200, renderCreateAccountPage({ ...at, action: `${at.base}/${CREATE_ACCOUNT_STEP}` }));
  });

  app.post<{ Params: Params; Body: AccountForm }>(`${interactionPath}/:uid/${CREATE_ACCOUNT_STEP}`, async (request, reply) => {
    const form = (request.body ?? {}) as AccountForm;
    const at = await accountRequest(request, reply, form.lang);
    if (!at) return reply;
    const values = { email: String(form.email ?? '').trim(), firstname: String(form.firstname ?? '').trim(), lastname: String(form.lastname ?? '').trim() };
    const page = (status: number, error: string) => sendHtml(reply, status, renderCreateAccountPage({ ...at, action: `${at.base}/${CREATE_ACCOUNT_STEP}`, values, error }));
    if (!NAME.safeParse(values.firstname).success || !NAME.safeParse(values.lastname).success) return page(400, loginText(at.lang, 'missingName'));
    if (!EMAIL.safeParse(values.email).success) return page(400, loginText(at.lang, 'invalidEmail'));
    const slowDown = await addressThrottle(request, at.lang);
    if (slowDown) return page(429, slowDown);
    await signUp(appDb, { tenantId: at.tenant.id, ...values, languageCode: at.lang.toUpperCase() });
    return mailSentPage(reply, at.lang, at.theme, at.back, loginText(at.lang, 'createTitle'),
      loginText(at.lang, 'accountMailSent', { email: values.email, hours: String(CONSTANTS.passwordLinkHours) }));
  });

  /** Only reached when a client explicitly asks prompt=consent: grant what was asked and go on. */
  async function autoConsent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details as {
      missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]>;
    };
    const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined)
      ?? new provider.Grant({ accountId: interaction.session!.accountId!, clientId: interaction.params.client_id! });
    if (missingOIDCScope?.length) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims?.length) grant.addOIDCClaims(missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }
}
