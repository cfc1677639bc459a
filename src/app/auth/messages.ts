/**
 * Texts of the sign-in screens under `auth.*`, merged into the app's messages per language
 * (src/app/i18n). Provider error codes (OAuth/OpenID Connect 'error' values) have their own text;
 * others show the provider's description.
 */

export const nl = {
  auth: {
    signingIn: 'Bezig met aanmelden…',
    signIn: 'Aanmelden',
    loginFailed: 'De aanmeldpagina kon niet geopend worden.',
    tryAgain: 'Opnieuw proberen',
    errorTitle: 'Aanmelden is niet gelukt',
    errorCode: 'Foutcode: %{error}',
    loggedOut: 'Je bent afgemeld.',
    // Core §8 login errors ('auth0' as in the original text).
    userNotCreated: 'Gebruiker bestaat nog niet in auth0 of heeft geen actieve klanttoegang',
    noPermissions: 'Gebruiker heeft geen rechten.',
    noActiveCustomerAccess: 'Geen actieve klanttoegang gevonden',
    errors: {
      access_denied: 'De toegang werd geweigerd.',
      login_required: 'Je moet opnieuw aanmelden.',
      interaction_required: 'Je moet opnieuw aanmelden.',
      consent_required: 'Je moet opnieuw aanmelden.',
      invalid_request: 'De aanmeldvraag was ongeldig.',
      invalid_client: 'Deze winkel is niet gekend bij de aanmeldservice.',
      invalid_scope: 'De gevraagde rechten zijn niet toegestaan.',
      unauthorized_client: 'Deze winkel mag zich zo niet aanmelden.',
      server_error: 'De aanmeldservice had een probleem.',
      temporarily_unavailable: 'De aanmeldservice is tijdelijk niet beschikbaar.',
    },
  },
};

export const en: typeof nl = {
  auth: {
    signingIn: 'Signing in…',
    signIn: 'Sign in',
    loginFailed: 'The sign-in page could not be opened.',
    tryAgain: 'Try again',
    errorTitle: 'Signing in did not work',
    errorCode: 'Error code: %{error}',
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

export const fr: typeof nl = {
  auth: {
    signingIn: 'Connexion en cours…',
    signIn: 'Se connecter',
    loginFailed: "La page de connexion n'a pas pu être ouverte.",
    tryAgain: 'Réessayer',
    errorTitle: "La connexion n'a pas abouti",
    errorCode: "Code d'erreur : %{error}",
    loggedOut: 'Vous avez été déconnecté.',
    userNotCreated: "L'utilisateur n'existe pas encore dans auth0 ou n'a pas d'accès client actif",
    noPermissions: "L'utilisateur n'a aucun droit.",
    noActiveCustomerAccess: 'Aucun accès client actif trouvé',
    errors: {
      access_denied: "L'accès a été refusé.",
      login_required: 'Vous devez vous reconnecter.',
      interaction_required: 'Vous devez vous reconnecter.',
      consent_required: 'Vous devez vous reconnecter.',
      invalid_request: "La demande de connexion n'était pas valide.",
      invalid_client: "Cette boutique n'est pas connue du service de connexion.",
      invalid_scope: 'Les droits demandés ne sont pas autorisés.',
      unauthorized_client: "Cette boutique ne peut pas se connecter de cette façon.",
      server_error: 'Le service de connexion a rencontré un problème.',
      temporarily_unavailable: 'Le service de connexion est temporairement indisponible.',
    },
  },
};
