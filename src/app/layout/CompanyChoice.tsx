import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCoreServices, useSession } from '../bootstrap/context';
import { useAppTranslate } from '../i18n/react';
import { useAppNotify } from '../notify/useAppNotify';

export interface CompanyChoiceProps {
  onChosen?: () => void;
  /** After a switch: react-admin refreshes its data; the light pages follow the session by themselves. */
  onSwitched?: () => void;
  onSignOut: () => void;
}

/**
 * The company picker (core §4 Active company): the user's active customer accesses; choosing one
 * makes it the acting company. Free of react-admin, for the light shop pages and the react-admin
 * areas alike (CompanyPicker, light/LightCompanyPicker).
 */
export function CompanyChoice({ onChosen, onSwitched, onSignOut }: CompanyChoiceProps) {
  const translate = useAppTranslate();
  const { toast } = useAppNotify();
  const { session: loader } = useCoreServices();
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
      onSwitched?.();
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
          {!active.length && <Button onClick={onSignOut}>{translate('app.registration.signOut')}</Button>}
        </Stack>
      </CardContent>
    </Card>
  );
}
