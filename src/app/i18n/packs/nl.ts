/** The big message sources of one language, loaded when the language is (i18n/index.ts loadMessages). */
import ra from '../ra-nl';
import generated from '../../../../generated/i18n/nl.gen';

export default { ra: ra as object, generated: generated as object };
