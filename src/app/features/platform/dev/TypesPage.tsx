import { Box, Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Title, useLocale, useTranslate } from 'react-admin';
import { ERRORS, RESOURCES, type FieldDef, type ResourceDef } from '../../../../../model';
import { isLanguage } from '../../../i18n/language';

/** A field's kind with what it points at or allows (reference target, enum values, nested fields). */
function kindOf(field: FieldDef): string {
  if (field.target) return `${field.kind} → ${field.target}`;
  if (field.values) return `${field.kind} (${field.values.join(' | ')})`;
  if (field.fields) return `${field.kind} {${Object.keys(field.fields).join(', ')}}`;
  return field.kind;
}

function ResourceCard({ resource, language }: { resource: ResourceDef; language: 'nl' | 'en' | 'fr' }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} id={`resource-${resource.name}`}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {resource.label.many[language]} <Typography component="code" color="text.secondary">{resource.name}</Typography>
        </Typography>
        <Box sx={{ my: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={`scope: ${resource.scope}`} />
          {resource.area && <Chip size="small" label={`area: ${resource.area}`} />}
          {resource.softDelete && <Chip size="small" label="softDelete" />}
          {resource.feature && <Chip size="small" label={`feature: ${resource.feature}`} />}
        </Box>
        <Table size="small" aria-label={resource.name}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('shell.types.field')}</TableCell>
              <TableCell>{translate('shell.types.kind')}</TableCell>
              <TableCell>{translate('shell.types.required')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {Object.entries(resource.fields).map(([name, field]) => (
              <TableRow key={name}>
                <TableCell><code>{name}</code> <Typography component="span" variant="body2" color="text.secondary">{field.label[language]}</Typography></TableCell>
                <TableCell><code>{kindOf(field)}</code></TableCell>
                <TableCell>{translate(field.required ? 'shell.types.yes' : 'shell.types.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** /types (core §2 system pages): the model's resources and the error catalogue, for developers. */
export default function TypesPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const language = isLanguage(locale) ? locale : 'nl';
  return (
    <Box sx={{ my: 2 }}>
      <Title title={translate('shell.types.title')} />
      <Typography variant="h4" component="h1" gutterBottom>{translate('shell.types.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{translate('shell.types.intro')}</Typography>
      <Typography variant="h5" component="h2" gutterBottom>{translate('shell.types.resources')}</Typography>
      {RESOURCES.map((resource) => <ResourceCard key={resource.name} resource={resource} language={language} />)}
      <Typography variant="h5" component="h2" gutterBottom sx={{ mt: 3 }}>{translate('shell.types.errors')}</Typography>
      <Card variant="outlined">
        <Table size="small" aria-label={translate('shell.types.errors')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('shell.types.code')}</TableCell>
              <TableCell>{translate('shell.types.status')}</TableCell>
              <TableCell>{translate('shell.types.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {Object.entries(ERRORS).map(([code, entry]) => (
              <TableRow key={code}>
                <TableCell><code>{code}</code></TableCell>
                <TableCell>{entry.status}</TableCell>
                <TableCell>{entry.message[language]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </Box>
  );
}
