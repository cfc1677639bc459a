import { useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import Business from '@mui/icons-material/Business';
import { useTranslate } from 'ra-core';
import { LazyMenu, preloadMenu } from './LazyMenu';
import { useCompanySwitch } from '../session/useCompanySwitch';
import { HEADER_TEXT, iconOnlyOnPhone } from './header-fit';

/**
 * The company the user acts for, switchable when more than one access is active (DESIGN §6).
 * Switching reloads permissions, settings and features for the new company, then `onSwitched`
 * (react-admin refreshes its data; the light pages follow the session). Free of react-admin.
 */
export function CompanyMenu({ onSwitched }: { onSwitched?: () => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { active, current, switchTo } = useCompanySwitch(onSwitched);
  if (!current) return null;
  if (active.length < 2) {
    return (
      <Button color="inherit" startIcon={<Business />} disabled aria-label={current.customer.name} title={current.customer.name} sx={{ ...iconOnlyOnPhone, '&.Mui-disabled': { color: 'inherit' } }}>
        <span className={HEADER_TEXT}>{current.customer.name}</span>
      </Button>
    );
  }

  function choose(accessId: string) {
    setAnchor(null);
    void switchTo(accessId);
  }

  return (
    <>
      <Button color="inherit" startIcon={<Business />} aria-label={translate('app.company.switch')} title={current.customer.name} aria-haspopup="menu" onPointerEnter={preloadMenu} onFocus={preloadMenu} onClick={(e) => setAnchor(e.currentTarget)}
        sx={iconOnlyOnPhone}>
        <span className={HEADER_TEXT}>{current.customer.name}</span>
      </Button>
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {active.map((access) => (
          <MenuItem key={access.id} selected={access.id === current.id} onClick={() => choose(access.id)}>
            {access.customer.name}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
