/** Sign-in for the SPA: the OpenID Connect client, react-admin's authProvider and the two auth pages. */
export { createOidcClient, ShopUserManager, DEFAULT_SCOPE, type OidcClientOptions } from './oidc-client';
export { createAuthProvider, fullNameOf, LOGGED_OUT_EVENT, RETURN_TO_KEY, SIGNED_OUT_KEY, type AuthApi, type AuthProviderOptions, type ShopAuthProvider, type ShopIdentity } from './authProvider';
export { withCrossTabLock, type LockEnvironment } from './refresh-lock';
export { LoginPage } from './LoginPage';
export { AuthErrorPage } from './AuthErrorPage';
export * as authMessages from './messages';
