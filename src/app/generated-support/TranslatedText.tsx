import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextInput, useFieldValue, useLocaleState, useTranslateLabel, useResourceContext, type FieldProps, type TextInputProps } from 'react-admin';
import { LANGUAGES } from '../../../model/dsl/i18n';

type Translated = Partial<Record<(typeof LANGUAGES)[number], string | null>>;

/**
 * A { nl, en, fr } text: one input per language, labelled '<label> (NL)' etc. so each has its own
 * accessible name. Only Dutch (the fallback language) can be required.
 */
export const TranslatedTextInput = ({ source, label, isRequired, ...rest }: TextInputProps) => {
  const translateLabel = useTranslateLabel();
  const resource = useResourceContext(rest);
  const base = translateLabel({ label, source, resource }) as string;
  return (
    <Stack>
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          {...rest}
          source={`${source}.${lang}`}
          label={`${base} (${lang.toUpperCase()})`}
          isRequired={lang === 'nl' && isRequired}
        />
      ))}
    </Stack>
  );
};

/** A { nl, en, fr } text in the interface language, falling back to Dutch. */
export const TranslatedTextField = (props: FieldProps) => {
  const value = useFieldValue(props) as Translated | null | undefined;
  const [locale] = useLocaleState();
  const text = value?.[locale as keyof Translated] || value?.nl || '';
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
};
