/**
 * Texts of super admins' impersonation (core §4): the app bar entry, its dialog and the "acting as" bar.
 * English and French: impersonation.en.ts and impersonation.fr.ts, typed by this Dutch tree, so a key
 * forgotten in one language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
  impersonation: {
    start: 'Handelen als gebruiker',
    search: 'Zoek een gebruiker op naam of e-mailadres',
    noUsers: 'Geen gebruikers gevonden',
    inactive: 'inactief',
    starting: 'Bezig met overschakelen…',
    cancel: 'Annuleren',
    actingAs: 'Je handelt als {{name}}',
    stop: 'Stop',
  },
};

export type ImpersonationMessages = typeof nl;
