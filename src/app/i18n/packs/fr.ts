/** The big message sources of one language, loaded when the language is (i18n/index.ts loadMessages). */
import ra from 'ra-language-french';
import generated from '../../../../generated/i18n/fr.gen';

export default { ra: ra as object, generated: generated as object };
