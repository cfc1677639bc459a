import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy of the identity provider's own pages (login, logout, messages, errors):
 * stricter than the app's. No script but the logout page's one line (allowed by its hash), inline
 * styles (the page's one <style>), and forms only to this provider and the tenants' shops — Chrome
 * checks form-action on every redirect after a post, and the sign-in and sign-out posts end with a
 * redirect to the shop's own origin.
 */

/** The logout page's script: submits the provider's form at once (pages.ts renderLogoutPage). */
export const LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit()";

const LOGOUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}'`;

/** The policy for a provider page whose forms may go to `formTargets` (origins) besides itself. */
export function providerPageCsp(formTargets: readonly string[]): string {
  const targets = formTargets.length ? ` ${formTargets.join(' ')}` : '';
  return [
    "default-src 'none'",
    `script-src ${LOGOUT_SCRIPT_HASH}`,
    "style-src 'unsafe-inline'",
    // A tenant's logo may be on any host (its theme).
    'img-src https: http: data:',
    `form-action 'self'${targets}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
