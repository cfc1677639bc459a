import { writeSession } from '../../../src/app/session/store';
import { permissionsForRoles } from '../../../src/shared/access';
import { user, type RecordedCall } from '../helpers';

/** A company user of c1 with `roles`, the invoices feature on (the invoices pages' tests). */
export function signedInWith(roles: string[]) {
  writeSession({
    loggedIn: true, user: user(), activeCustomerAccessId: 'a1', activeCustomerId: 'c1',
    permissions: { customerId: 'c1', permissions: permissionsForRoles(roles) }, features: { invoices: true },
    tenantSettings: { defaultContractsCustomerId: null, supportedLanguages: ['NL', 'EN', 'FR'], currency: 'EUR' },
  });
}

type Answer = { status?: number; body?: unknown } | undefined;

/** The server of /invoices: the list answers `rows`, the suppliers one supplier, `extra` anything else (first). */
export function invoiceServer(rows: unknown[], calls: RecordedCall[], extra: (call: RecordedCall) => Answer = () => undefined) {
  return (call: RecordedCall): Answer => {
    calls.push(call);
    const own = extra(call);
    if (own) return own;
    if (call.url.pathname === '/api/invoices') return { body: { result: { items: rows, total: rows.length, page: 1, pageSize: 20 } } };
    if (call.url.pathname === '/api/v2/suppliers') return { body: { items: [{ id: 's1', name: 'Papier NV' }], total: 1 } };
    return undefined;
  };
}
