import type { GeneratedSupportMessages } from './messages';

/** The English texts of ./messages.ts. */
export const en: GeneratedSupportMessages = {
  generatedSupport: { restore: 'Restore', restored: 'Restored', attachment: { choose: 'Choose a file', none: 'No file', remove: 'Remove {{name}}' } },
};
