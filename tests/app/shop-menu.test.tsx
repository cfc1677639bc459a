import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_EXTRA_MENU, CUSTOMER_MENU, USER_MENU } from '../../generated/app/pages.gen';
import type { NavMenuItem } from '../../src/shared/generated-contract';
import { ShopMenu } from '../../src/app/shell/ShopMenu';
import { MENU_ICONS } from '../../src/app/shell/menu-icons';
import { registeredMenu } from '../../src/app/shell/pages/built-pages';
import { writeSession } from '../../src/app/session/store';
import type { UserDto } from '../../src/shared/session-types';
import { user } from './helpers';
import { renderShell } from './shell-harness';

function signedIn(permissions: string[], features: string[] = [], me: UserDto = user()) {
  writeSession({
    loggedIn: true, user: me, activeCustomerAccessId: 'a1', activeCustomerId: 'c1',
    permissions: { customerId: 'c1', permissions }, features: Object.fromEntries(features.map((f) => [f, true])),
  });
}

const item = (name: string) => screen.queryByRole('menuitem', { name });
const ALL = { dashboard: 1, suppliers: 1, 'order-form': 1, products: 1 };

describe('the shop sidebar', () => {
  it('shows only entries whose page the app has', async () => {
    signedIn(['suppliers:R', 'product-management:R']);
    await renderShell(<ShopMenu registry={{ dashboard: 1, suppliers: 1 }} />);
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    expect(item('Leveranciers')).toBeInTheDocument();
    expect(item('Productbeheer')).toBeNull(); // allowed, but no page in this registry
    expect(item('Beheer')).toBeNull(); // customer users have no admin area
  });

  it("offers the company's product management to whoever may read it", async () => {
    signedIn(['product-management:R']);
    await renderShell(<ShopMenu />);
    expect(await screen.findByRole('menuitem', { name: 'Productbeheer' })).toHaveAttribute('href', '/product-management');
    signedIn(['suppliers:R']);
    await waitFor(() => expect(item('Productbeheer')).toBeNull());
  });

  it('filters by permission', async () => {
    signedIn(['suppliers:R']);
    await renderShell(<ShopMenu registry={ALL} />);
    expect(await screen.findByRole('menuitem', { name: 'Leveranciers' })).toHaveAttribute('href', '/suppliers');
    signedIn([]);
    await waitFor(() => expect(item('Leveranciers')).toBeNull());
  });

  it('filters by domain feature and keeps groups collapsible', async () => {
    signedIn(['orders:R'], ['orderForm']);
    await renderShell(<ShopMenu registry={ALL} />);
    const group = await screen.findByRole('menuitem', { name: 'Bestellen' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(item('Via bestelformulier')).toBeNull();
    fireEvent.click(group);
    expect(await screen.findByRole('menuitem', { name: 'Via bestelformulier' })).toBeInTheDocument();
    expect(item('Via marktplaats')).toBeInTheDocument();
    signedIn(['orders:R'], []);
    await waitFor(() => expect(item('Via bestelformulier')).toBeNull());
  });

  it('shows on the approval inbox entry how many orders wait for the user, as part of its name', async () => {
    signedIn(['orders:R']);
    await renderShell(<ShopMenu registry={{ ...ALL, orders: 1, 'orders-to-approve': 1 }} />, { toApprove: 3 });
    const inbox = await screen.findByRole('menuitem', { name: 'Goed te keuren (3 wachten op jou)' });
    expect(inbox).toHaveAttribute('href', '/orders/to-approve');
    expect(inbox).toHaveTextContent(/^Goed te keuren3/);
    expect(screen.getByRole('menuitem', { name: 'Bestellingen' })).toHaveAttribute('href', '/orders');
  });

  it('shows no count when nothing waits', async () => {
    signedIn(['orders:R']);
    await renderShell(<ShopMenu registry={{ ...ALL, orders: 1, 'orders-to-approve': 1 }} />, { toApprove: 0 });
    expect(await screen.findByRole('menuitem', { name: 'Goed te keuren' })).toBeInTheDocument();
  });

  it('offers the approval inbox only to users who take a step on orders', async () => {
    signedIn(['orders:R']);
    const { services } = await renderShell(<ShopMenu registry={{ ...ALL, orders: 1, 'orders-to-approve': 1 }} />, { toApprove: 0, toApproveByStatus: {} });
    expect(await screen.findByRole('menuitem', { name: 'Bestellingen' })).toBeInTheDocument();
    // Once the count is read (it names no status the user acts in), the entry stays away.
    await waitFor(() => expect(services.queryClient.getQueriesData({ queryKey: ['app', 'orders-to-approve-count'] }).some(([, data]) => data !== undefined)).toBe(true));
    expect(item('Goed te keuren')).toBeNull();
  });

  it("opens the tenant's external link in a new tab, and hides it without the link", async () => {
    signedIn([], ['easyStock', 'clicx']);
    await renderShell(<ShopMenu />, { links: { assetManagementUrl: 'https://assets.example.test' } });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Magazijnbeheer' }));
    const link = await screen.findByRole('menuitem', { name: 'Activabeheer' });
    expect(link).toHaveAttribute('href', 'https://assets.example.test');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('drops the external entry (and its group) when the tenant has no link', async () => {
    signedIn([], ['easyStock', 'clicx']);
    await renderShell(<ShopMenu />);
    await screen.findByRole('menuitem', { name: 'Dashboard' });
    expect(item('Magazijnbeheer')).toBeNull();
  });

  it('links platform users to the admin area', async () => {
    signedIn([], [], user({ userType: 2, customerAccess: [] }));
    await renderShell(<ShopMenu />);
    expect(await screen.findByRole('menuitem', { name: 'Beheer' })).toHaveAttribute('href', '/ycAdmin');
  });
});

describe('registeredMenu', () => {
  it('keeps actions and links, drops unregistered pages and empty groups', () => {
    const keys = registeredMenu(USER_MENU, { dashboard: 1 }).map((i) => i.key);
    expect(keys).toEqual(['switchCustomer', 'login', 'logout']);
    expect(registeredMenu(CUSTOMER_MENU, {}).map((i) => i.key)).toEqual(['warehouseManagement']);
  });
});

describe('menu icons', () => {
  const icons = (menu: readonly NavMenuItem[]): string[] => menu.flatMap((i) => [i.icon, ...icons(i.children ?? [])]);
  it('has every icon the customer, user and admin extra menus name', () => {
    for (const name of icons([...CUSTOMER_MENU, ...USER_MENU, ...ADMIN_EXTRA_MENU])) expect(MENU_ICONS[name], name).toBeDefined();
  });
});
