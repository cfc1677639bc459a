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
