import { describe, expect, test } from 'vitest';
import { access, ROLES } from '../../model';
import { canCall, hasLetters, permissionsForRoles, refusal, type AccessSubject } from '../../src/shared/access';
import { loadConfig } from '../../src/server/config';
import { fromCents, toCents } from '../../src/shared/money';

const subject = (userType: 0 | 1 | 2 | 3, permissions: string[], customerId: string | null = 'c1'): AccessSubject => ({ userType, permissions, customerId });

describe('shared access predicates', () => {
  test('hasLetters needs every letter on the area, merged over entries', () => {
    expect(hasLetters(['orders:RC'], 'orders', ['R', 'C'])).toBe(true);
    expect(hasLetters(['orders:RC'], 'orders', ['R', 'W'])).toBe(false);
    expect(hasLetters(['orders:R', 'orders:W'], 'orders', ['R', 'W'])).toBe(true);
    expect(hasLetters(['deliveries:RW'], 'orders', ['R'])).toBe(false);
    expect(hasLetters(['order-pdf-settings:RW'], 'order-pdf-settings', ['W'])).toBe(true);
  });

  test('audiences', () => {
    const rule = access.customer('suppliers', 'C');
    expect(refusal(access.public(), null)).toBeNull();
    expect(refusal(access.authenticated(), null)).toBe('unauthenticated');
    expect(refusal(rule, subject(3, ['suppliers:RC']))).toBeNull();
    expect(refusal(rule, subject(3, ['suppliers:R']))).toBe('forbidden');
    expect(refusal(rule, subject(3, ['suppliers:RC'], null))).toBe('noCustomer');
    expect(refusal(rule, subject(1, [], null))).toBeNull();
    expect(refusal(access.platformAdmin('suppliers', 'C'), subject(3, ['suppliers:RWCDX']))).toBe('forbidden');
    expect(refusal(access.platformAdmin('suppliers', 'C'), subject(2, ['suppliers:RC']))).toBeNull();
    expect(refusal(access.platformAdmin('suppliers', 'C'), subject(2, ['suppliers:R']))).toBe('forbidden');
    expect(refusal(access.platformAdmin(), subject(2, []))).toBeNull();
    expect(refusal(access.superAdmin(), subject(2, ['suppliers:RWCDX']))).toBe('forbidden');
    expect(canCall(access.superAdmin(), subject(1, []))).toBe(true);
  });

  test('permissionsForRoles is the union of the roles, in catalogue order', () => {
    expect(permissionsForRoles(['user'])).toEqual([...ROLES.user].sort((a, b) => order(a) - order(b)));
    const merged = permissionsForRoles(['validator', 'finance']);
    expect(merged).toContain('orders:RWX');
    expect(merged).toContain('invoices:RWCDX');
    expect(merged).toContain('deliveries:RWX');
    expect(permissionsForRoles(['nonsense'])).toEqual([]);
  });
});

const AREA_ORDER = ['addresses', 'article-categories', 'contracts', 'deliveries', 'invoices', 'orders', 'suppliers', 'users', 'warehouses', 'exports', 'product-management', 'reports', 'order-pdf-settings'];
const order = (p: string) => AREA_ORDER.indexOf(p.split(':')[0]);

describe('server helpers', () => {
  test('loadConfig: defaults and overrides', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, publicUrl: 'http://localhost:3000', logLevel: 'info' });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://shop.example/', DATABASE_URL: 'postgres://x/y' })).toMatchObject({ port: 8080, publicUrl: 'https://shop.example', databaseUrl: 'postgres://x/y' });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  test('money in cents', () => {
    expect(fromCents(toCents('4900.00') + toCents('100'))).toBe('5000.00');
    expect(fromCents(toCents('0,1') + toCents(0.2))).toBe('0.30');
    expect(fromCents(toCents('-1.05'))).toBe('-1.05');
  });
});
