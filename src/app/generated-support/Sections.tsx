import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { SimpleShowLayout, useTranslate } from 'react-admin';

interface SectionProps {
  /** i18n key of the title: resources.<name>.groups.<group>. */
  readonly label: string;
  readonly children: ReactNode;
}

/**
 * One titled part of a generated form whose model groups fields in sections: a fieldset, so a
 * screen reader announces the group ("Adres") with each of its inputs ("Gemeente").
 */
export const FormSection = ({ label, children }: SectionProps) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0, mb: 1 }}>
        {translate(label)}
      </Typography>
      <Stack sx={{ alignItems: 'flex-start' }}>{children}</Stack>
    </Box>
  );
};

/** One titled part of a generated show page: the fields of one of the model's sections. */
export const ShowSection = ({ label, children }: SectionProps) => {
  const translate = useTranslate();
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ pt: 2, px: 2 }}>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(label)}
      </Typography>
      <SimpleShowLayout sx={{ px: 0 }}>{children}</SimpleShowLayout>
    </Box>
  );
};
