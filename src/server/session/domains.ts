import { CONSTANTS } from '../../../model';
import type { Language } from '../../../model/dsl/i18n';
import { asLanguage, DEFAULT_LANGUAGE } from '../i18n';
import type { DomainConfig, TenantSettingsDto } from '../../shared/session-types';
import type { ServerConfig } from '../config';
import { handedOutOrigin } from '../public-url';
import { findTenant } from '../plugins/tenant';
import type { TenantRow } from '../types';
import type { sessionContracts } from '../../shared/contracts/session';
import type { HandlersOf } from '../actions/define';

/** Colours a tenant without a theme gets (the development look). */
const DEFAULT_COLORS = {
  base: '#1f2937', success: '#16a34a', info: '#0284c7', danger: '#dc2626',
  warning: '#d97706', primary: '#2563eb', secondary: '#64748b', tertiary: '#0d9488',
};

/** The tenant's interface languages, lower case, its default first (fallback NL, FR, EN per core §3). */
export function tenantLanguages(tenant: TenantRow): { languages: Language[]; defaultLanguage: Language } {
  const supported = (tenant.supportedLanguages?.length ? tenant.supportedLanguages : CONSTANTS.fallbackLanguages)
    .map(asLanguage).filter((l): l is Language => l !== undefined);
  const defaultLanguage = asLanguage(tenant.defaultLanguage) ?? supported[0] ?? DEFAULT_LANGUAGE;
  return { defaultLanguage, languages: [defaultLanguage, ...supported.filter((l) => l !== defaultLanguage)] };
}

/** The issuer of the tenant's identity provider: its own, else the embedded one under /oidc. */
export const issuerOf = (config: ServerConfig, tenant: TenantRow) => tenant.idpIssuer || `${config.publicUrl}/oidc`;

/** GET /domains/{hostname}: what the SPA needs before sign-in (core §3 Domain config). */
export function domainConfig(config: ServerConfig, tenant: TenantRow, hostname: string): DomainConfig {
  // The API answers on every tenant host (PUBLIC_URL's scheme and port); an unknown host gets PUBLIC_URL.
  const server = handedOutOrigin(config.publicUrl, tenant.hostname, hostname);
  const theme: Record<string, string | null | undefined> = tenant.theme ?? {};
  const colors = Object.fromEntries(Object.entries(DEFAULT_COLORS).map(([k, v]) => [k, theme[k] || v])) as DomainConfig['theme']['colors'];
  return {
    hostname: tenant.hostname,
    name: tenant.name,
    environment: tenant.environment,
    serverUrl: `${server}/api`,
    theme: { assets: { logoMain: theme.logoMain ?? null, logoSidebar: theme.logoSidebar ?? null }, colors, screens: { ...CONSTANTS.breakpoints } },
    ...tenantLanguages(tenant),
    links: { assetManagementUrl: tenant.assetManagementUrl ?? null, termsUrl: tenant.termsUrl ?? null },
    idp: {
      issuer: issuerOf(config, tenant),
      clientId: tenant.idpClientId || `shop-${tenant.hostname}`,
      audience: tenant.idpAudience || `${config.publicUrl}/api`,
      scope: 'openid profile email offline_access',
    },
  };
}

/** The configuration calls of the session (src/shared/contracts/session.ts). */
export const domainHandlers: HandlersOf<typeof sessionContracts, 'domain' | 'tenantSettings'> = {
  domain: async ({ db, request, params, services }) => {
    const hostname = params.hostname.toLowerCase();
    const tenant = (await findTenant(db, hostname)) ?? request.tenant;
    return domainConfig(services.config, tenant, hostname);
  },

  tenantSettings: async ({ request }): Promise<TenantSettingsDto> => {
    const t = request.tenant;
    const supported = (t.supportedLanguages?.length ? t.supportedLanguages : CONSTANTS.fallbackLanguages)
      .map((l) => l.toUpperCase()).filter((l): l is 'NL' | 'FR' | 'EN' => l === 'NL' || l === 'FR' || l === 'EN');
    return { defaultContractsCustomerId: t.defaultContractsCustomerId ?? null, supportedLanguages: supported, currency: t.currency ?? 'EUR' };
  },
};
