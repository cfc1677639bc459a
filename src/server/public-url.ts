/**
 * The origins the server hands out (API address, search host) come from PUBLIC_URL, never from the
 * request's Host or X-Forwarded-* headers: behind a TLS-terminating load balancer those say
 * 'http' and an inner address. A tenant's own hostname (from the tenants table) may replace
 * PUBLIC_URL's host, with PUBLIC_URL's scheme and port, when the request names that tenant.
 */

/** 'https://acme.example.com' for tenant 'acme.example.com' and PUBLIC_URL 'https://shop.example.com'. */
export function tenantPublicOrigin(publicUrl: string, tenantHostname: string): string {
  const url = new URL(publicUrl);
  url.hostname = tenantHostname;
  return url.origin;
}

/**
 * The origin to hand out for a request that named `askedHostname` and was given `tenantHostname`:
 * the tenant's own when they match (a known tenant host), else PUBLIC_URL's (an unknown host,
 * answered by the development tenant, or an inner address a proxy wrote into Host).
 */
export function handedOutOrigin(publicUrl: string, tenantHostname: string, askedHostname: string): string {
  const known = askedHostname.toLowerCase() === tenantHostname.toLowerCase() && /^[a-z0-9.-]+$/i.test(tenantHostname);
  return known ? tenantPublicOrigin(publicUrl, tenantHostname) : new URL(publicUrl).origin;
}
