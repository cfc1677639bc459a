/**
 * The small hand-written components the generated screens (generated/admin/) import. Generated
 * code stays declarative; anything with behaviour lives here, where it can be tested and read.
 */
export { MoneyInput } from './MoneyInput';
export { MoneyField, type MoneyFieldProps } from './MoneyField';
export { TranslatedTextInput, TranslatedTextField } from './TranslatedText';
export { AttachmentInput, AttachmentField, type AttachmentValue } from './Attachment';
export { TextArrayInput } from './TextArrayInput';
export { RestoreButton } from './RestoreButton';
export { FormSection, ShowSection } from './Sections';
export { DateField, NumberField } from './LocaleFields';
export { DateInput, DATE_INPUT_FORMAT } from './DateInput';
export { zodFormResolver, messageKey, issueKey } from './form-resolver';
export { parseDecimal, formatDecimal, formatMoney, DECIMAL_INPUT } from './decimal';
export { AttachmentsUploadInput } from './AttachmentsUpload';
