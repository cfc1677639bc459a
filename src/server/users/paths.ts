/**
 * Where the identity provider's set-password page lives (src/server/oidc/set-password.ts). On its own,
 * without imports: the mail composer links to it, and importing it from the password links' module
 * closed a cycle through the mail queue and the job registry (a job read before it was defined).
 */
export const SET_PASSWORD_PATH = '/account/set-password';

/** The sign-in page's "Forgot your password?" and "Create an account" (src/server/oidc/interactions.ts), under its interaction. */
export const FORGOT_PASSWORD_STEP = 'forgot-password';
export const CREATE_ACCOUNT_STEP = 'create-account';
