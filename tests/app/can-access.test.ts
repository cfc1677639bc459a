import { describe, expect, it } from 'vitest';
import { RESOURCE_ACCESS } from '../../generated/access/access.gen';
import { ADMIN_MENU } from '../../generated/app/menu.gen';
import { createCanAccess, decideAccess, type AppArea } from '../../src/app/access/can-access';
import { landingPathFor } from '../../src/app/access/landing';
import { EMPTY_SESSION, type SessionState } from '../../src/app/session/store';
import type { UserType } from '../../src/shared/session-types';
import { user } from './helpers';

function session(userType: UserType, permissions: string[], activeCustomerId: string | null = null): SessionState {
  return {
    ...EMPTY_SESSION,
    loggedIn: true,
    user: user({ userType, customerAccess: userType === 3 ? user().customerAccess : [] }),
    activeCustomerId,
    permissions: { customerId: activeCustomerId, permissions },
  };
}

const ask = (area: AppArea, action: string, resource: string, s: SessionState) => decideAccess({ area, action, resource }, s, RESOURCE_ACCESS);

describe('canAccess', () => {
  it('lets super admins do every operation the server has, in the admin area', () => {
    const s = session(1, []);
    expect(ask('admin', 'list', 'article-categories', s)).toBe(true);
    expect(ask('admin', 'delete', 'article-categories', s)).toBe(true);
    expect(ask('admin', 'restore', 'article-category-groups', s)).toBe(true);
  });

  it('hides operations the server does not have (no rule → no button)', () => {
    // referral partners have no delete route; suppliers' screens have no delete either.
    expect(ask('admin', 'delete', 'referral-partners', session(1, []))).toBe(false);
    expect(ask('admin', 'delete', 'suppliers', session(1, []))).toBe(false);
    expect(ask('admin', 'list', 'no-such-resource', session(1, []))).toBe(false);
  });

  it('checks the letters of platform admins per operation', () => {
    const reader = session(2, ['article-categories:R']);
    expect(ask('admin', 'list', 'article-categories', reader)).toBe(true);
    expect(ask('admin', 'show', 'article-categories', reader)).toBe(true);
    expect(ask('admin', 'edit', 'article-categories', reader)).toBe(false);
    expect(ask('admin', 'create', 'article-categories', reader)).toBe(false);
    expect(ask('admin', 'delete', 'article-categories', reader)).toBe(false);
    const editor = session(2, ['article-categories:RWC']);
    expect(ask('admin', 'edit', 'article-categories', editor)).toBe(true);
    expect(ask('admin', 'create', 'article-categories', editor)).toBe(true);
    expect(ask('admin', 'delete', 'article-categories', editor)).toBe(false);
    // A field question is ruled by its resource.
    expect(ask('admin', 'read', 'article-categories.name', editor)).toBe(true);
  });

  it('keeps customer users out of the admin area even with rights on the same resource', () => {
    const customer = session(3, ['suppliers:RWCD', 'warehouses:RWCD'], 'c1');
    expect(ask('admin', 'list', 'suppliers', customer)).toBe(false);
    expect(ask('admin', 'list', 'warehouses', customer)).toBe(false);
    // In the shop the same rule passes: the customer acts for c1 with suppliers:R.
    expect(ask('shop', 'list', 'suppliers', customer)).toBe(true);
    expect(ask('shop', 'list', 'suppliers', session(3, ['suppliers:RWCD'], null))).toBe(false);
  });

  it('refuses everything when nobody is signed in', async () => {
    expect(ask('shop', 'list', 'suppliers', EMPTY_SESSION)).toBe(false);
    const canAccess = createCanAccess({ area: 'admin', table: RESOURCE_ACCESS, ensureSession: () => Promise.reject(new Error('401')) });
    await expect(canAccess({ action: 'list', resource: 'article-categories' })).resolves.toBe(false);
  });

  it('answers react-admin asynchronously from the loaded session', async () => {
    const canAccess = createCanAccess({ area: 'admin', table: RESOURCE_ACCESS, ensureSession: async () => session(2, ['article-categories:R']) });
    await expect(canAccess({ action: 'list', resource: 'article-categories' })).resolves.toBe(true);
    await expect(canAccess({ action: 'edit', resource: 'article-categories' })).resolves.toBe(false);
  });
});

describe('landing page', () => {
  it('sends platform admins to the first admin screen they may list, in menu order', () => {
    const first = [...ADMIN_MENU].sort((a, b) => a.order - b.order)[0];
    expect(landingPathFor(session(1, []))).toBe(first.path);
    // Article categories and their groups need article-categories:R; banners need no letters. The
    // customers' screen needs none either, but its page needs extra privileges (a super admin's).
    expect(landingPathFor(session(2, []))).toBe('/ycAdmin/offers');
    expect(landingPathFor(session(2, ['article-categories:R']))).toBe('/ycAdmin/article-categories');
  });

  it('sends a platform admin without any admin right to /unauthorized, and keeps customer users on /', () => {
    expect(landingPathFor(session(2, []), {}, ADMIN_MENU.filter((e) => e.resource.startsWith('article')))).toBe('/unauthorized');
    expect(landingPathFor(session(3, ['orders:R'], 'c1'))).toBeNull();
  });
});
