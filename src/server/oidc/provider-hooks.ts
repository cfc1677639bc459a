import { errors, type Account, type AccessTokenLike, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import { findIdpAccount } from './accounts';
import { buildTenantClaims, findTenantUser } from './claims';
import type { OidcDb } from './db-types';
import { negotiateLanguage } from '../i18n';
import { loginText, pageTheme, renderLogoutPage, renderMessagePage } from './pages';
import { findTenantByClientId } from './tenants';

/**
 * The provider's callbacks that read our tables: accounts, the tenant user behind an account,
 * first-party grants, and the provider's own pages. provider.ts wires them into the configuration.
 */

/** The tenant user an account signs in as for this client, if any (active or not). */
export async function tenantUserFor(db: OidcDb, clientId: string, email: string) {
  const tenant = await findTenantByClientId(db, clientId);
  const user = tenant ? await findTenantUser(db, tenant.id, email) : undefined;
  return tenant && user ? { tenant, user } : undefined;
}

/**
 * An account is usable for a client only while its tenant has an active users row for the e-mail:
 * otherwise an existing session asks for a new login and a refresh token stops working.
 */
export function createFindAccount(db: OidcDb) {
  return async (ctx: KoaContextWithOIDC | undefined, sub: string, token?: { clientId?: string }): Promise<Account | undefined> => {
    const account = await findIdpAccount(db, sub);
    if (!account) return undefined;
    const clientId = ctx?.oidc?.client?.clientId ?? token?.clientId;
    if (clientId) {
      const found = await tenantUserFor(db, clientId, account.email);
      if (!found?.user.active) return undefined;
    }
    return {
      accountId: account.id,
      claims: () => ({ sub: account.id, email: account.email, email_verified: true, name: account.displayname ?? undefined }),
    };
  };
}

/** The spec's claims in every access token, read afresh at each issue (so a refresh picks up new rights). */
export function createExtraTokenClaims(db: OidcDb) {
  return async (_ctx: KoaContextWithOIDC, token: AccessTokenLike) => {
    if (token.kind !== 'AccessToken') return undefined;
    const account = await findIdpAccount(db, token.accountId);
    const found = account ? await tenantUserFor(db, token.clientId, account.email) : undefined;
    if (!found?.user.active) throw new errors.InvalidGrant('the user has no active access to this shop');
    return buildTenantClaims(db, found.tenant, found.user);
  };
}

/**
 * Every client is the shop itself (first party), so there is no consent screen: the grant is
 * created or widened to whatever the client asks for, and saved, before the consent check runs.
 */
export async function loadFirstPartyGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const { client, account, provider } = oidc;
  if (!client || !account) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  let grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (grant && (grant.accountId !== account.accountId || grant.clientId !== client.clientId)) grant = undefined;
  grant ??= new provider.Grant({ accountId: account.accountId, clientId: client.clientId });
  const oidcScopes = [...oidc.requestParamOIDCScopes].join(' ');
  if (oidcScopes) grant.addOIDCScope(oidcScopes);
  for (const [indicator, server] of Object.entries(oidc.resourceServers)) {
    const scopes = [...oidc.requestParamScopes].filter((s) => server.scopes.has(s)).join(' ');
    grant.addResourceScope(indicator, scopes);
  }
  await grant.save();
  return grant;
}

function ctxLanguage(ctx: KoaContextWithOIDC, tenant?: { default_language: string | null; supported_languages: string[] | null }) {
  return negotiateLanguage({
    uiLocales: typeof ctx.oidc?.params?.ui_locales === 'string' ? ctx.oidc.params.ui_locales : undefined,
    acceptLanguage: ctx.headers?.['accept-language'],
    tenantDefault: tenant?.default_language,
    tenantSupported: tenant?.supported_languages,
  });
}

async function ctxTenant(db: OidcDb, ctx: KoaContextWithOIDC) {
  const clientId = ctx.oidc?.client?.clientId;
  return clientId ? findTenantByClientId(db, clientId) : undefined;
}

/** The provider's HTML pages in the tenant's colours and the user's language. */
export function createPageHooks(db: OidcDb) {
  return {
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      const tenant = await ctxTenant(db, ctx);
      ctx.type = 'html';
      ctx.body = renderLogoutPage(ctxLanguage(ctx, tenant), pageTheme(tenant), form);
    },
    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      const tenant = await ctxTenant(db, ctx);
      const lang = ctxLanguage(ctx, tenant);
      ctx.type = 'html';
      ctx.body = renderMessagePage(lang, pageTheme(tenant), loginText(lang, 'signOut'), loginText(lang, 'signedOut'));
    },
    async renderError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) {
      const tenant = await ctxTenant(db, ctx).catch(() => undefined);
      const lang = ctxLanguage(ctx, tenant);
      ctx.type = 'html';
      ctx.body = renderMessagePage(lang, pageTheme(tenant), loginText(lang, 'errorTitle'), out.error_description ?? out.error ?? '');
    },
  };
}
