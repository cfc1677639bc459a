/**
 * The admin tier of one language's messages (i18n/index.ts loadAdminTexts), a chunk of its own that
 * the light shop pages never load: react-admin's texts and the generated resource labels. They come
 * before the base tier (nl.ts), so the app's own texts still win over react-admin's.
 */
import ra from '../ra-nl';
import resources from '../../../../generated/i18n/nl.resources.gen';

export default [ra, resources] as readonly object[];
