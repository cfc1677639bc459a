import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { defaultDomain } from '../../src/app/bootstrap/domain';
import { ExtraPrivilegesToggle } from '../../src/app/shell/ExtraPrivilegesToggle';
import { AdminMenu } from '../../src/app/shell/Menus';
import { extraAdminMenu, extraPrivilegesOn } from '../../src/app/shell/extra-privileges';
import { clearSession, readSession, writeSession } from '../../src/app/session/store';
import { user } from './helpers';
import { renderShell } from './shell-harness';

const superAdmin = user({ id: 'u9', email: 'superadmin@demo.test', userType: 1, customerAccess: [] });
const FAKE_PAGES = { 'admin-cron': true }; // a registered page for ADMIN_EXTRA_MENU's cron entry

function signIn(me = superAdmin, extraPrivileges?: boolean) {
  writeSession({ loggedIn: true, user: me, activeCustomerAccessId: null, activeCustomerId: null, permissions: { customerId: null, permissions: [] } as never, extraPrivileges });
}

describe('super admin extra privileges (core §4)', () => {
  beforeEach(() => clearSession());

  it('are on by default only on acceptance and development hosts, for super admins only', () => {
    signIn();
    expect(extraPrivilegesOn(readSession(), { environment: 'acceptance' })).toBe(true);
    expect(extraPrivilegesOn(readSession(), { environment: 'development' })).toBe(true);
    expect(extraPrivilegesOn(readSession(), { environment: 'production' })).toBe(false);
    signIn(superAdmin, true);
    expect(extraPrivilegesOn(readSession(), { environment: 'production' })).toBe(true);
    signIn(user({ userType: 2 }));
    expect(extraPrivilegesOn(readSession(), { environment: 'development' })).toBe(false);
  });

  it('add ADMIN_EXTRA_MENU entries whose pages exist, and none while off', () => {
    signIn(superAdmin, true);
    const domain = { ...defaultDomain(), environment: 'production' as const };
    expect(extraAdminMenu(readSession(), domain, {})).toEqual([]); // no such pages yet
    expect(extraAdminMenu(readSession(), domain, FAKE_PAGES).map((i) => i.key)).toEqual(['adminCron']);
    signIn(superAdmin, false);
    expect(extraAdminMenu(readSession(), domain, FAKE_PAGES)).toEqual([]);
  });

  it('the toggle remembers the choice in the session store and the admin menu follows it', async () => {
    signIn();
    await renderShell(<><ExtraPrivilegesToggle /><AdminMenu entries={[]} registry={FAKE_PAGES} /></>, { me: superAdmin });
    const toggle = await screen.findByLabelText('Extra rechten');
    expect(toggle).toBeChecked(); // the test domain is 'development'
    expect(screen.getByRole('menuitem', { name: 'Achtergrondtaken' })).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(readSession().extraPrivileges).toBe(false);
    expect(screen.queryByRole('menuitem', { name: 'Achtergrondtaken' })).toBeNull();
  });

  it('an entry without the extraPrivileges condition (reporting) shows for every platform admin, toggle on or off', () => {
    const domain = { ...defaultDomain(), environment: 'production' as const };
    const pages = { ...FAKE_PAGES, 'admin-reporting': true };
    signIn(superAdmin, false);
    expect(extraAdminMenu(readSession(), domain, pages).map((i) => i.key)).toEqual(['adminReporting']);
    signIn(superAdmin, true);
    expect(extraAdminMenu(readSession(), domain, pages).map((i) => i.key)).toEqual(['adminCron', 'adminReporting']);
    signIn(user({ userType: 2 }));
    expect(extraAdminMenu(readSession(), domain, pages).map((i) => i.key)).toEqual(['adminReporting']);
    signIn(user({ userType: 3 }));
    expect(extraAdminMenu(readSession(), domain, pages)).toEqual([]);
  });

  it('offers no toggle to platform admins', async () => {
    signIn(user({ userType: 2 }));
    await renderShell(<ExtraPrivilegesToggle />, { me: user({ userType: 2 }) });
    expect(screen.queryByLabelText('Extra rechten')).toBeNull();
  });
});
