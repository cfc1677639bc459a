/** The embedded identity provider: what the server core imports. */
export { registerOidc, type OidcHandle } from './plugin';
export { createOidcProvider, type OidcOptions, type OidcRuntime, API_SCOPE, TTL } from './provider';
export { ensureDemoAccounts, upsertIdpAccount, verifyPassword, DEMO_ACCOUNTS, DEMO_PASSWORD, type IdpAccount } from './accounts';
export { createLocalVerifier, createRemoteVerifier, TokenVerificationError, type AccessTokenVerifier } from './verifier';
export { createTenantVerifier, externalTenantsFrom } from './tenant-verifier';
export { createEndSession, EndSessionError } from './end-session';
export { purgeExpiredOidcPayloads } from './adapter';
