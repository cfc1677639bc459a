import type { AuthMessages } from './messages';

/** The French texts of ./messages.ts. */
export const fr: AuthMessages = {
  auth: {
    signingIn: 'Connexion en cours…',
    signIn: 'Se connecter',
    loginFailed: "La page de connexion n'a pas pu être ouverte.",
    tryAgain: 'Réessayer',
    errorTitle: "La connexion n'a pas abouti",
    errorCode: "Code d'erreur : {{error}}",
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
