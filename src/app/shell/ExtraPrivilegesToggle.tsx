import { FormControlLabel, Switch, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAppServices, useSession } from '../bootstrap/context';
import { writeSession } from '../session/store';
import { HEADER_TEXT } from './header-fit';
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
      {/* Below md the switch alone (header-fit.ts): its input keeps the name the hidden label gave it. */}
      <FormControlLabel
        sx={{ mx: { xs: 0, md: 1 }, color: 'inherit', whiteSpace: 'nowrap', [`& .${HEADER_TEXT}`]: { display: { xs: 'none', md: 'inline' } } }}
        control={<Switch color="default" checked={on} onChange={(e) => writeSession({ extraPrivileges: e.target.checked })} slotProps={{ input: { 'aria-label': translate('shell.extraPrivileges.label') } }} />}
        label={<span className={HEADER_TEXT}>{translate('shell.extraPrivileges.label')}</span>}
      />
    </Tooltip>
  );
}
