import { FormControlLabel, Switch, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAppServices, useSession } from '../bootstrap/context';
import { writeSession } from '../session/store';
import { extraPrivilegesOn, offersExtraPrivileges } from './extra-privileges';

/** The admin app bar's extra-privileges switch (core §4), for super admins only. */
export function ExtraPrivilegesToggle() {
  const translate = useTranslate();
  const session = useSession();
  const { domain } = useAppServices();
  if (!offersExtraPrivileges(session)) return null;
  const on = extraPrivilegesOn(session, domain);
  return (
    <Tooltip title={translate('shell.extraPrivileges.hint')}>
      <FormControlLabel
        sx={{ mx: 1, color: 'inherit' }}
        control={<Switch color="default" checked={on} onChange={(e) => writeSession({ extraPrivileges: e.target.checked })} />}
        label={translate('shell.extraPrivileges.label')}
      />
    </Tooltip>
  );
}
