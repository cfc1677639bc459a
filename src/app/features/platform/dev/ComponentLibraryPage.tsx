import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography, useTheme } from '@mui/material';
import { Form, TextInput, Title, useTranslate } from 'react-admin';
import { MoneyInput, TranslatedTextInput } from '../../../generated-support';

const COLOURS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;
const TYPOGRAPHY = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'body1', 'body2', 'caption'] as const;
const SEVERITIES = ['success', 'info', 'warning', 'error'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The tenant's palette: main, light and dark of each colour with its value. */
function Swatches() {
  const { palette } = useTheme();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' }, gap: 2 }}>
      {COLOURS.map((name) => (
        <Box key={name} data-testid={`swatch-${name}`}>
          <Box sx={{ height: 56, borderRadius: 1, bgcolor: `${name}.main`, color: `${name}.contrastText`, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{name}</Box>
          <Box sx={{ display: 'flex' }}>
            <Box sx={{ flex: 1, height: 16, bgcolor: `${name}.light` }} />
            <Box sx={{ flex: 1, height: 16, bgcolor: `${name}.dark` }} />
          </Box>
          <Typography variant="caption" component="code">{palette[name].main}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** /component-library (core §2 system pages): the design system as this tenant's theme renders it. */
export default function ComponentLibraryPage() {
  const translate = useTranslate();
  const theme = useTheme();
  return (
    <Box sx={{ my: 2 }}>
      <Title title={translate('shell.library.title')} />
      <Typography variant="h4" component="h1" gutterBottom>{translate('shell.library.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{translate('shell.library.intro')}</Typography>
      <Section title={translate('shell.library.colours')}><Swatches /></Section>
      <Section title={translate('shell.library.typography')}>
        {TYPOGRAPHY.map((variant) => (
          <Box key={variant} sx={{ display: 'flex', alignItems: 'baseline', gap: 2, overflow: 'hidden' }}>
            <Typography variant="caption" component="code" sx={{ width: 80, flexShrink: 0 }}>{variant}</Typography>
            <Typography variant={variant} component="p" noWrap>{translate('shell.library.sample')}</Typography>
          </Box>
        ))}
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>{String(theme.typography.fontFamily)}</Typography>
      </Section>
      <Section title={translate('shell.library.buttons')}>
        {(['contained', 'outlined', 'text'] as const).map((variant) => (
          <Stack key={variant} direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
            {COLOURS.map((colour) => <Button key={colour} variant={variant} color={colour}>{colour}</Button>)}
            <Button variant={variant} disabled>{translate('shell.library.disabled')}</Button>
          </Stack>
        ))}
      </Section>
      <Section title={translate('shell.library.inputs')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField label={translate('shell.library.text')} defaultValue="" />
          <TextField label={translate('shell.library.text')} error helperText={translate('shell.toast.error')} />
          <TextField label={translate('shell.library.text')} disabled />
        </Stack>
        {/* The generated screens' own inputs, in a react-admin form that saves nowhere. */}
        <Form record={{ text: '', amount: 1234.5, translated: { nl: '', en: '', fr: '' } }} onSubmit={() => undefined}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextInput source="text" label={translate('shell.library.text')} />
            <MoneyInput source="amount" label={translate('shell.library.amount')} />
            <TranslatedTextInput source="translated" label={translate('shell.library.translated')} />
          </Stack>
        </Form>
      </Section>
      <Section title={translate('shell.library.alerts')}>
        <Stack spacing={1}>
          {SEVERITIES.map((severity) => <Alert key={severity} severity={severity}>{translate('shell.library.alert', { severity })}</Alert>)}
        </Stack>
      </Section>
    </Box>
  );
}
