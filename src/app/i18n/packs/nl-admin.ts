/**
 * The admin tier of one language's messages (i18n/index.ts loadAdminTexts), a chunk of its own that
 * the light shop pages never load: react-admin's texts, converted from its packs' polyglot format to
 * i18next's, and the generated resource labels. The base tier (nl.ts) wins over it, so the
 * app's own texts still win over react-admin's.
 */
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import ra from '../ra-nl';
import resources from '../../../../generated/i18n/nl.resources.gen';

export default [convertRaTranslationsToI18next(ra), resources] as readonly object[];
