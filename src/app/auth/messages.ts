/**
 * Texts of the sign-in screens under `auth.*`, merged into the app's messages per language
 * (src/app/i18n). Provider error codes (OAuth/OpenID Connect 'error' values) have their own text;
 * others show the provider's description. English and French: messages.en.ts and messages.fr.ts,
 * typed by this Dutch tree; each language is loaded with its pack (src/app/i18n/packs).
 */

export const nl = {
  auth: {
    signingIn: 'Bezig met aanmelden…',
    signIn: 'Aanmelden',
    loginFailed: 'De aanmeldpagina kon niet geopend worden.',
    tryAgain: 'Opnieuw proberen',
    errorTitle: 'Aanmelden is niet gelukt',
    errorCode: 'Foutcode: {{error}}',
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

export type AuthMessages = typeof nl;
