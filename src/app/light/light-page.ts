/**
 * The light shop's page for a path (App sends it /products and what is under it): the marketplace,
 * one article, or 404 (anything else, a deeper path or a malformed escape).
 */
export function lightPageOf(pathname: string): { page: 'products' } | { page: 'product'; id: string } | { page: 'notFound' } {
  const under = /^\/products(\/.*)?$/i.exec(pathname);
  if (!under) return { page: 'notFound' };
  const rest = (under[1] ?? '').replace(/\/$/, '');
  if (!rest) return { page: 'products' };
  const match = /^\/([^/]+)$/.exec(rest);
  if (!match) return { page: 'notFound' };
  try {
    return { page: 'product', id: decodeURIComponent(match[1]!) };
  } catch {
    return { page: 'notFound' }; // a malformed escape such as /products/%E0
  }
}
