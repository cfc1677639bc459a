import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import Business from '@mui/icons-material/Business';
import { useCoreServices, useSession } from '../bootstrap/context';
import { useAppTranslate } from '../i18n/react';
import { useAppNotify } from '../notify/useAppNotify';

/**
 * The company the user acts for, switchable when more than one access is active (DESIGN §6).
 * Switching reloads permissions, settings and features for the new company, then `onSwitched`
 * (react-admin refreshes its data; the light pages follow the session). Free of react-admin.
 */
export function CompanyMenu({ onSwitched }: { onSwitched?: () => void }) {
  const translate = useAppTranslate();
  const { toast } = useAppNotify();
  const { session: loader } = useCoreServices();
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
      onSwitched?.();
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
