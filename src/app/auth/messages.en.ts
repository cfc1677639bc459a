import type { AuthMessages } from './messages';

/** The English texts of ./messages.ts. */
export const en: AuthMessages = {
  auth: {
    signingIn: 'Signing in…',
    signIn: 'Sign in',
    loginFailed: 'The sign-in page could not be opened.',
    tryAgain: 'Try again',
    errorTitle: 'Signing in did not work',
    errorCode: 'Error code: {{error}}',
    loggedOut: 'You have been signed out.',
    userNotCreated: 'User is either not yet created in auth0 or has no active customer access',
    noPermissions: 'User has no permissions.',
    noActiveCustomerAccess: 'No active customer access found',
    errors: {
      access_denied: 'Access was denied.',
      login_required: 'You need to sign in again.',
      interaction_required: 'You need to sign in again.',
      consent_required: 'You need to sign in again.',
      invalid_request: 'The sign-in request was not valid.',
      invalid_client: 'This shop is not known to the sign-in service.',
      invalid_scope: 'The requested rights are not allowed.',
      unauthorized_client: 'This shop may not sign in this way.',
      server_error: 'The sign-in service had a problem.',
      temporarily_unavailable: 'The sign-in service is temporarily unavailable.',
    },
  },
};
