import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useSession } from '../bootstrap/context';
import { useCompanySwitch } from '../session/useCompanySwitch';

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
  const translate = useTranslate();
  const session = useSession();
  const { active, switchTo } = useCompanySwitch(onSwitched);

  async function choose(accessId: string) {
    if (await switchTo(accessId)) onChosen?.();
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
