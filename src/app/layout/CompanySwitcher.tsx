import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import Business from '@mui/icons-material/Business';
import { useRefresh, useTranslate } from 'react-admin';
import { useAppServices, useSession } from '../bootstrap/context';
import { useAppNotify } from '../notify/useAppNotify';

/**
 * The company the user acts for, switchable when more than one access is active (DESIGN §6).
 * Switching reloads permissions, settings and features for the new company and refreshes the page's data.
 */
export function CompanySwitcher() {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const refresh = useRefresh();
  const { session: loader } = useAppServices();
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = session.user?.customerAccess.filter((a) => a.active) ?? [];
  const current = active.find((a) => a.id === session.activeCustomerAccessId);
  if (!current) return null;
  if (active.length < 2) {
    return <Button color="inherit" startIcon={<Business />} disabled sx={{ '&.Mui-disabled': { color: 'inherit' } }}>{current.customer.name}</Button>;
  }

  async function choose(accessId: string) {
    setAnchor(null);
    if (accessId === current?.id) {
      toast('app.company.alreadySelected');
      return;
    }
    try {
      await loader.switchCustomer(accessId);
      const chosen = active.find((a) => a.id === accessId);
      toast('app.company.switched', { variation: 'success', messageArgs: { company: chosen?.customer.name ?? '' } });
      refresh();
    } catch {
      toast('app.error.general', { variation: 'error' });
    }
  }

  return (
    <>
      <Button color="inherit" startIcon={<Business />} aria-label={translate('app.company.switch')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        {current.customer.name}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {active.map((access) => (
          <MenuItem key={access.id} selected={access.id === current.id} onClick={() => choose(access.id)}>
            {access.customer.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
