/**
 * The tenant's domain configuration (core §1): fetched once at startup for the page's hostname.
 * When that fails the app still starts, on defaults, and shows a warning.
 */
import type { DomainConfig } from '../../shared/session-types';

/** The defaults of core §1, also the development tenant's look. */
export function defaultDomain(origin = location.origin, hostname = location.hostname): DomainConfig {
  return {
    hostname,
    name: 'Procurement',
    environment: 'development',
    serverUrl: `${origin}/api`,
    theme: {
      assets: { logoMain: null, logoSidebar: null },
      colors: {
        base: '#1f2937', success: '#2e7d32', info: '#0288d1', danger: '#d32f2f',
        warning: '#ed6c02', primary: '#1d4ed8', secondary: '#7c3aed', tertiary: '#0f766e',
      },
      screens: { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 },
    },
    languages: ['nl', 'en', 'fr'],
    defaultLanguage: 'nl',
    links: { assetManagementUrl: null, termsUrl: null },
    idp: { issuer: `${origin}/oidc`, clientId: `shop-${hostname}`, audience: `${origin}/api`, scope: 'openid profile email offline_access' },
  };
}

export interface DomainResult {
  domain: DomainConfig;
  /** True when the fetch failed and defaults are used (the app warns once). */
  fallback: boolean;
}

/** GET /api/domains/{hostname} with the X-Hostname header; defaults on any failure. */
export async function loadDomainConfig(fetchFn: typeof fetch = fetch): Promise<DomainResult> {
  const hostname = location.hostname;
  try {
    const response = await fetchFn(`/api/domains/${encodeURIComponent(hostname)}`, {
      headers: { 'X-Hostname': hostname, Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const config = (await response.json()) as Partial<DomainConfig>;
    if (!config || typeof config !== 'object' || !config.serverUrl) throw new Error('not a domain configuration');
    const defaults = defaultDomain();
    return {
      domain: { ...defaults, ...config, theme: { ...defaults.theme, ...config.theme } as DomainConfig['theme'] },
      fallback: false,
    };
  } catch (error) {
    console.warn('Domain configuration unavailable, using defaults:', error);
    return { domain: defaultDomain(), fallback: true };
  }
}

/**
 * Where API calls go. A serverUrl on this page's own host (any port) becomes a path, so calls stay
 * same-origin: through Vite's dev proxy in development, directly in production. Another host is used
 * as is (an API served elsewhere).
 */
export function apiBaseOf(serverUrl: string, here: Location = location): string {
  const url = new URL(serverUrl, here.origin);
  return url.hostname === here.hostname ? url.pathname.replace(/\/+$/, '') : url.href.replace(/\/+$/, '');
}
