import { AuthCallback } from 'react-admin';

/**
 * /redirect, the OIDC callback (core §2, §4), also mounted at react-admin's /auth-callback. The auth
 * provider's handleCallback finishes the sign-in from code and state, or sends an identity-provider
 * error on to /auth-error with error and error_description.
 */
export function RedirectPage() {
  return <AuthCallback />;
}
