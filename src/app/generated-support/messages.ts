import type { Language } from '../../../model/dsl/i18n';

/** Texts of the generated-support components; the app merges them into its messages. */
export const GENERATED_SUPPORT_MESSAGES: Record<Language, { generatedSupport: Record<string, unknown> }> = {
  nl: { generatedSupport: { restore: 'Herstellen', restored: 'Hersteld', attachment: { choose: 'Bestand kiezen', none: 'Geen bestand' } } },
  en: { generatedSupport: { restore: 'Restore', restored: 'Restored', attachment: { choose: 'Choose a file', none: 'No file' } } },
  fr: { generatedSupport: { restore: 'Restaurer', restored: 'Restauré', attachment: { choose: 'Choisir un fichier', none: 'Aucun fichier' } } },
};
