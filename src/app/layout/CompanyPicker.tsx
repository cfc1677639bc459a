import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useLogout, useRefresh, useTranslate } from 'react-admin';
import { useAppServices, useSession } from '../bootstrap/context';
import { useAppNotify } from '../notify/useAppNotify';

/**
 * The company picker (core §4 Active company): the user's active customer accesses; choosing one
 * makes it the acting company. Used where a page needs an active company and in the user menu.
 */
export function CompanyPicker({ onChosen }: { onChosen?: () => void }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const refresh = useRefresh();
  const logout = useLogout();
  const { session: loader } = useAppServices();
  const session = useSession();
  const active = session.user?.customerAccess.filter((a) => a.active) ?? [];

  async function choose(accessId: string) {
    if (accessId === session.activeCustomerAccessId) {
      toast('app.company.alreadySelected');
      onChosen?.();
      return;
    }
    try {
      await loader.switchCustomer(accessId);
      const chosen = active.find((a) => a.id === accessId);
      toast('app.company.switched', { variation: 'success', messageArgs: { company: chosen?.customer.name ?? '' } });
      onChosen?.();
      refresh();
    } catch {
      toast('app.error.general', { variation: 'error' });
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.company.choose')}
        </Typography>
        {!active.length && <Typography color="text.secondary">{translate('app.company.none')}</Typography>}
        <Stack spacing={1} sx={{ mt: 1 }}>
          {active.map((access) => (
            <Button key={access.id} variant={access.id === session.activeCustomerAccessId ? 'contained' : 'outlined'} onClick={() => choose(access.id)}>
              {access.customer.name}
            </Button>
          ))}
          {!active.length && <Button onClick={() => logout()}>{translate('app.registration.signOut')}</Button>}
        </Stack>
      </CardContent>
    </Card>
  );
}
