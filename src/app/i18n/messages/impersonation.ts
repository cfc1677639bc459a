import type { Language } from '../../../../model/dsl/i18n';

/** Texts of super admins' impersonation (core §4): the app bar entry, its dialog and the "acting as" bar. */
const nl = {
  impersonation: {
    start: 'Handelen als gebruiker',
    search: 'Zoek een gebruiker op naam of e-mailadres',
    noUsers: 'Geen gebruikers gevonden',
    inactive: 'inactief',
    starting: 'Bezig met overschakelen…',
    cancel: 'Annuleren',
    actingAs: 'Je handelt als %{name}',
    stop: 'Stop',
  },
};

export type ImpersonationMessages = typeof nl;

const en: ImpersonationMessages = {
  impersonation: {
    start: 'Act as user',
    search: 'Search a user by name or e-mail address',
    noUsers: 'No users found',
    inactive: 'inactive',
    starting: 'Switching…',
    cancel: 'Cancel',
    actingAs: 'You are acting as %{name}',
    stop: 'Stop',
  },
};

const fr: ImpersonationMessages = {
  impersonation: {
    start: "Agir en tant qu'utilisateur",
    search: 'Rechercher un utilisateur par nom ou adresse e-mail',
    noUsers: 'Aucun utilisateur trouvé',
    inactive: 'inactif',
    starting: 'Changement en cours…',
    cancel: 'Annuler',
    actingAs: 'Vous agissez en tant que %{name}',
    stop: 'Arrêter',
  },
};

export const IMPERSONATION_MESSAGES: Readonly<Record<Language, ImpersonationMessages>> = { nl, en, fr };
