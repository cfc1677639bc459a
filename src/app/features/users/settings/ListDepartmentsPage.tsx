import { Alert, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { PAGES } from '../../../../../generated/app/pages.gen';
import { useDepartments } from './useDepartments';

/** /user-settings/ListDepartments: the departments the user belongs to at the acting company. */
export function ListDepartmentsPage() {
  const translate = useTranslate();
  const { departments, failed } = useDepartments('mine');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('pages.user-settings-list-departments')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>{translate('settings.departments')}</Typography>
        {failed && <Alert severity="error">{translate('settings.loadFailed')}</Alert>}
        {!departments && <Loading />}
        {departments && !failed && departments.length === 0 && <Typography>{translate('settings.noDepartments')}</Typography>}
        {departments && departments.length > 0 && (
          <Table size="small" aria-label={translate('settings.departments')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('settings.name')}</TableCell>
                <TableCell>{translate('settings.costCenter')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {departments.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{d.name}</TableCell>
                  <TableCell>{d.costCenter}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" component={Link} to={PAGES['user-settings-add-departments']!.path}>{translate('settings.addDepartments')}</Button>
          <Button component={Link} to={PAGES['user-settings']!.path}>{translate('settings.back')}</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
