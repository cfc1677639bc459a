/**
 * react-admin's canAccess for our two areas. react-admin asks it for every resource route and every
 * button; we answer with the same rules the server enforces (RESOURCE_ACCESS through src/shared/access.ts),
 * so the UI hides what the server would refuse. The server still decides.
 */
import type { CrudOp } from '../../../model/dsl/endpoints';
import type { ResourceAccessTable } from '../../shared/generated-contract';
import { canCall, isSupplierUser, type AccessSubject } from '../../shared/access';
import type { SessionState } from '../session/store';

/** The platform admin area (/ycAdmin) or the customer shop. */
export type AppArea = 'admin' | 'shop';

// react-admin's action names (and the ones its buttons use) → the model's operations.
const ACTION_OPS: Record<string, CrudOp> = {
  list: 'list', export: 'list', show: 'get', read: 'get', edit: 'update', write: 'update',
  create: 'create', clone: 'create', delete: 'delete', restore: 'restore',
};

export function opOfAction(action: string): CrudOp | null {
  return ACTION_OPS[action] ?? null;
}

export const isPlatformUser = (session: SessionState): boolean => session.user?.userType === 1 || session.user?.userType === 2;

/** The caller as the shared access rules see them; null when nobody is signed in. */
export function subjectOf(session: SessionState): AccessSubject | null {
  const user = session.user;
  if (!session.loggedIn || !user) return null;
  // Platform users act for the customer they chose, else for the tenant's default contracts customer (model/dsl/access.ts).
  const fallbackCustomer = isPlatformUser(session) ? session.tenantSettings?.defaultContractsCustomerId ?? null : null;
  return {
    userType: user.userType,
    permissions: session.permissions?.permissions ?? [],
    customerId: session.activeCustomerId ?? fallbackCustomer,
    features: Object.entries(session.features ?? {}).filter(([, on]) => on).map(([name]) => name),
    // A supplier's user: every customer rule refuses them, as the server does (src/shared/access.ts).
    supplierUser: isSupplierUser({ userType: user.userType, supplierIds: user.supplierIds ?? [] }),
  };
}

export interface AccessQuestion {
  area: AppArea;
  action: string;
  /** 'suppliers', or 'suppliers.name' for a field (the field is ruled by its resource). */
  resource: string;
}

/** The decision itself, pure: tests and the landing redirect call it directly. */
export function decideAccess(question: AccessQuestion, session: SessionState, table: ResourceAccessTable): boolean {
  const subject = subjectOf(session);
  if (!subject) return false;
  // Customer users never enter the platform admin area, whatever their rights on the same resources.
  if (question.area === 'admin' && !isPlatformUser(session)) return false;
  const op = opOfAction(question.action);
  const resource = question.resource.split('.')[0];
  const rule = op ? table[resource]?.[op] : undefined;
  // No rule means the server has no such operation: hide it rather than offer a call that 404s.
  return rule ? canCall(rule, subject) : false;
}

export interface CanAccessOptions {
  area: AppArea;
  table: ResourceAccessTable;
  /** Resolves once /users/me and the permissions are loaded (see session/load.ts). */
  ensureSession: () => Promise<SessionState>;
}

/** The function to put on the authProvider as canAccess. */
export function createCanAccess({ area, table, ensureSession }: CanAccessOptions) {
  return async ({ action, resource }: { action: string; resource: string }): Promise<boolean> => {
    const session = await ensureSession().catch(() => null);
    return session ? decideAccess({ area, action, resource }, session, table) : false;
  };
}
