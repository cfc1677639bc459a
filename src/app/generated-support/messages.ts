/**
 * Texts of the generated-support components, in Dutch; the app merges them into its messages.
 * English and French: messages.en.ts and messages.fr.ts, typed by this Dutch tree; each language is
 * loaded with its pack (src/app/i18n/packs).
 */
export const nl = {
  generatedSupport: { restore: 'Herstellen', restored: 'Hersteld', attachment: { choose: 'Bestand kiezen', none: 'Geen bestand', remove: '{{name}} verwijderen' } },
};

export type GeneratedSupportMessages = typeof nl;
