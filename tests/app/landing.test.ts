import { describe, expect, it } from 'vitest';
import { ADMIN_MENU } from '../../generated/app/menu.gen';
import { landingPathFor, orderedMenu } from '../../src/app/access/landing';
import { EMPTY_SESSION, type SessionState } from '../../src/app/session/store';
import type { UserSettingsDto } from '../../src/shared/session-types';
import { user } from './helpers';

function session(userType: 1 | 2 | 3, landingPage: UserSettingsDto['landingPage'] = 'dashboard'): SessionState {
  return {
    ...EMPTY_SESSION,
    loggedIn: true,
    user: user({ userType, customerAccess: userType === 3 ? user().customerAccess : [] }),
    activeCustomerId: userType === 3 ? 'c1' : null,
    permissions: { customerId: null, permissions: [] },
    userSettings: { languageCode: 'NL', phoneNumber: null, landingPage },
  };
}

const ALL = { dashboard: 1, products: 1, orders: 1, deliveries: 1, suppliers: 1 };

describe('landingPathFor (core §2 "Landing pages")', () => {
  it("sends a customer user to their landing page when the app has it", () => {
    expect(landingPathFor(session(3, 'orders'), ALL)).toBe('/orders');
    expect(landingPathFor(session(3, 'products'), ALL)).toBe('/products');
    expect(landingPathFor(session(3, 'suppliers'), { dashboard: 1, suppliers: 1 })).toBe('/suppliers');
  });

  it('keeps them on the dashboard (null: "/" shows it) for the dashboard or a page the app lacks', () => {
    expect(landingPathFor(session(3, 'dashboard'), ALL)).toBeNull();
    expect(landingPathFor(session(3, 'deliveries'), { dashboard: 1 })).toBeNull();
    expect(landingPathFor({ ...session(3), userSettings: null }, ALL)).toBeNull();
  });

  it("sends a supplier's user to their supplier orders, whatever landing page they chose: those are the company's side", () => {
    const supplierUser = (landing: UserSettingsDto['landingPage']) => {
      const s = session(3, landing);
      return { ...s, user: { ...s.user!, supplierIds: ['s1'] } };
    };
    expect(landingPathFor(supplierUser('dashboard'), { ...ALL, 'supplier-orders': 1 })).toBe('/supplier-orders');
    expect(landingPathFor(supplierUser('products'), { ...ALL, 'supplier-orders': 1 })).toBe('/supplier-orders');
    // Without supplier ids it is the dashboard as for everyone.
    expect(landingPathFor(session(3, 'dashboard'), { ...ALL, 'supplier-orders': 1 })).toBeNull();
  });

  it("sends super admins to the admin area's orders, else (no such screen yet) to its first screen", () => {
    const withOrders = [...ADMIN_MENU, { resource: 'orders', path: '/ycAdmin/orders', labelKey: 'resources.orders.name', icon: 'Receipt', order: 99 }];
    expect(landingPathFor(session(1), ALL, withOrders)).toBe('/ycAdmin/orders');
    // The shop's own /orders page is the customer's, not the platform's: it is not where they land.
    expect(landingPathFor(session(1), ALL)).toBe(orderedMenu(ADMIN_MENU)[0]!.path);
  });

  it('sends platform admins to the admin area, whatever the registry holds', () => {
    // Without any letters: the first screen they may list whose page opens for them; the customers'
    // screen needs no letters but its page needs extra privileges, which only a super admin has.
    expect(landingPathFor(session(2), ALL)).toBe('/ycAdmin/offers');
  });
});
