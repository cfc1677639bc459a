import type { GeneratedSupportMessages } from './messages';

/** The French texts of ./messages.ts. */
export const fr: GeneratedSupportMessages = {
  generatedSupport: { restore: 'Restaurer', restored: 'Restauré', attachment: { choose: 'Choisir un fichier', none: 'Aucun fichier', remove: 'Retirer {{name}}' } },
};
