import { useState } from 'react';
import { Alert, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router';
import { PAGES } from '../../../../../generated/app/pages.gen';
import { useSessionAddDepartments } from '../../../../../generated/app/calls.gen';
import { useDepartments } from './useDepartments';

/** /user-settings/AddDepartments: join departments of the acting company (PUT /user-settings/departments). */
export function AddDepartmentsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // A failure shows the page's own text (no form field to put it under): a toast, as before.
  const save = useSessionAddDepartments({
    onSuccess: () => {
      notify('settings.added', { type: 'success' });
      navigate(PAGES['user-settings-list-departments']!.path);
    },
    onError: () => notify('settings.saveFailed', { type: 'error' }),
  });
  const all = useDepartments('customer');
  const mine = useDepartments('mine');
  const [chosen, setChosen] = useState<string[]>([]);

  if (!all.departments || !mine.departments) return <Loading />;
  const joined = new Set(mine.departments.map((d) => d.id));
  const open = all.departments.filter((d) => !joined.has(d.id));
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('pages.user-settings-add-departments')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>{translate('settings.addDepartments')}</Typography>
        {(all.failed || mine.failed) && <Alert severity="error">{translate('settings.loadFailed')}</Alert>}
        {!all.failed && open.length === 0 && <Typography>{translate('settings.allDepartments')}</Typography>}
        {open.length > 0 && (
          <FormGroup aria-label={translate('settings.choose')}>
            <Typography sx={{ mb: 1 }}>{translate('settings.choose')}</Typography>
            {open.map((d) => (
              <FormControlLabel key={d.id} label={d.name ?? d.id} control={<Checkbox checked={chosen.includes(d.id)} onChange={() => toggle(d.id)} />} />
            ))}
          </FormGroup>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={!chosen.length || save.isPending} onClick={() => save.mutate({ body: { departmentIds: chosen } })}>{translate('settings.add')}</Button>
          <Button component={Link} to={PAGES['user-settings-list-departments']!.path}>{translate('settings.departments')}</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
