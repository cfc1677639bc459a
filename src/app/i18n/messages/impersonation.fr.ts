import type { ImpersonationMessages } from './impersonation';

/** The French texts of ./impersonation.ts. */
export const fr: ImpersonationMessages = {
  impersonation: {
    start: "Agir en tant qu'utilisateur",
    search: 'Rechercher un utilisateur par nom ou adresse e-mail',
    noUsers: 'Aucun utilisateur trouvé',
    inactive: 'inactif',
    starting: 'Changement en cours…',
    cancel: 'Annuler',
    actingAs: 'Vous agissez en tant que {{name}}',
    stop: 'Arrêter',
  },
};
