import type { OriginList } from './origins';

/** The part of koa's context this middleware uses (koa ships no types here). */
interface KoaCorsContext {
  get(header: string): string;
  remove(header: string): void;
  response: { get(header: string): string };
}

const CORS_HEADERS = [
  'access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers',
  'access-control-expose-headers', 'access-control-max-age', 'access-control-allow-credentials',
];

/**
 * oidc-provider answers CORS by echoing any Origin (discovery, jwks, userinfo and every preflight;
 * only the token and revocation calls check the client through clientBasedCORS). This middleware
 * wraps it: an answer to an origin that is neither PUBLIC_URL's nor a tenant's loses its CORS
 * headers, so a foreign page's script cannot read it.
 */
export function allowOnlyKnownOrigins(origins: OriginList) {
  return async (ctx: KoaCorsContext, next: () => Promise<unknown>) => {
    await next();
    const origin = ctx.get('Origin');
    if (!CORS_HEADERS.some((h) => ctx.response.get(h))) return;
    if (origin && await origins.isAllowed(origin)) return;
    for (const h of CORS_HEADERS) ctx.remove(h);
  };
}

/** How long a browser may keep the discovery document (it names endpoints, which change only with a release). */
export const DISCOVERY_MAX_AGE_S = 600;

/**
 * The discovery document is cacheable: the app asks for it when it sends a person to sign in and
 * again on /redirect to exchange the code, moments later; from the browser's cache the second time
 * costs no round trip. oidc-provider sends it without caching headers (and with Vary: Origin, as
 * its CORS headers follow the origin).
 */
export function cacheDiscovery() {
  return async (ctx: { method: string; path: string; status: number; set(header: string, value: string): void }, next: () => Promise<unknown>) => {
    await next();
    if (ctx.method === 'GET' && ctx.path === '/.well-known/openid-configuration' && ctx.status === 200) {
      ctx.set('Cache-Control', `public, max-age=${DISCOVERY_MAX_AGE_S}`);
    }
  };
}
