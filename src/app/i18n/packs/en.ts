/** The big message sources of one language, loaded when the language is (i18n/index.ts loadMessages). */
import ra from 'ra-language-english';
import generated from '../../../../generated/i18n/en.gen';

export default { ra: ra as object, generated: generated as object };
