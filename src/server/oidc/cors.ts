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
