/**
 * The access predicate of model/dsl/access.ts as pure functions, so the server (on every request)
 * and the app (to hide what the server would refuse) decide the same way.
 */
import type { AccessRule } from '../../model/dsl/access';
import { LETTERS, PERMISSION_AREAS, ROLES, type Letter, type PermissionArea } from '../../model/catalogue/permissions';
import type { UserKind } from '../../model/resources/platform';
import type { UserType } from './session-types';

/** Who is calling: null when nobody is signed in. */
export interface AccessSubject {
  userType: UserType;
  /** 'area:LETTERS' strings: the acting access's rights (userType 3) or the platform rights (2). */
  permissions: readonly string[];
  /** The customer the user acts for, if any. */
  customerId: string | null;
  /** Domain features switched on for that customer. */
  features?: readonly string[];
  /**
   * A supplier's user (isSupplierUser): they work on the supplier side only. Every customer route is
   * refused to them (403), whatever customer accesses their row may hold.
   */
  supplierUser?: boolean;
}

/**
 * A supplier's user: a user (userType 3) whose work is one or more suppliers' (users.supplierIds, the
 * token's supplierIds claim, core §3). They see their suppliers' supplier orders, with the deliveries
 * and invoices of those and what of the customer those need, and nothing of the companies' side:
 * no acting company, no shop, budgets or orders.
 */
export function isSupplierUser(user: { userType: number | null | undefined; supplierIds?: readonly unknown[] | null }): boolean {
  return Number(user.userType) === 3 && (user.supplierIds?.length ?? 0) > 0;
}

/** The kind of a user: by type, then supplier work, then whether they have any customer access (else they have not registered). */
export function userKindOf(user: { userType: number | null | undefined; supplierIds?: readonly unknown[] | null; customerAccessCount: number }): UserKind {
  const type = Number(user.userType);
  if (type === 1) return 'superAdmin';
  if (type === 2) return 'platformAdmin';
  if (isSupplierUser(user)) return 'supplierUser';
  return type === 3 && user.customerAccessCount > 0 ? 'customerUser' : 'unregistered';
}

/** The letters granted on one area, merged over every 'area:LETTERS' entry for it. */
export function lettersOn(permissions: readonly string[], area: string): Set<string> {
  const granted = new Set<string>();
  for (const entry of permissions) {
    const colon = entry.lastIndexOf(':');
    if (colon < 0 || entry.slice(0, colon) !== area) continue;
    for (const letter of entry.slice(colon + 1).toUpperCase()) granted.add(letter);
  }
  return granted;
}

/** True when every one of `letters` is granted on `area` (core §6: all required letters must be present). */
export function hasLetters(permissions: readonly string[], area: string, letters: readonly string[]): boolean {
  const granted = lettersOn(permissions, area);
  return letters.every((l) => granted.has(l.toUpperCase()));
}

const isSuperAdmin = (s: AccessSubject) => s.userType === 1;

function lettersOk(rule: AccessRule, s: AccessSubject): boolean {
  if (!rule.area || !rule.letters?.length) return true;
  return hasLetters(s.permissions, rule.area, rule.letters);
}

/** Why a subject may not call a route, or null when it may. Lets the server pick 401/403/400. */
export type Refusal = 'unauthenticated' | 'noCustomer' | 'forbidden';

export function refusal(rule: AccessRule, subject: AccessSubject | null): Refusal | null {
  if (rule.audience === 'public') return null;
  if (!subject) return 'unauthenticated';
  if (isSuperAdmin(subject)) return null;
  switch (rule.audience) {
    case 'authenticated': return null;
    case 'customer':
      // A supplier's user acts for no company: the company's side is not theirs (403, not "choose a company").
      if (subject.supplierUser) return 'forbidden';
      if (!subject.customerId) return 'noCustomer';
      if (rule.feature && subject.userType === 3 && !subject.features?.includes(rule.feature)) return 'forbidden';
      return lettersOk(rule, subject) ? null : 'forbidden';
    case 'platformAdmin':
      return subject.userType === 2 && lettersOk(rule, subject) ? null : 'forbidden';
    case 'superAdmin':
      return 'forbidden';
  }
}

/** True when the subject passes the rule (super admins pass every rule but 'public' needs nothing). */
export function canCall(rule: AccessRule, subject: AccessSubject | null): boolean {
  return refusal(rule, subject) === null;
}

/** An access's rights for its roles: the union of each role's letters per area, in catalogue order. */
export function permissionsForRoles(roles: readonly string[]): string[] {
  const byArea = new Map<string, Set<string>>();
  for (const role of roles) {
    const grants: readonly string[] = (ROLES as Record<string, readonly string[]>)[role] ?? [];
    for (const grant of grants) {
      const [area, letters] = grant.split(':');
      const set = byArea.get(area) ?? new Set<string>();
      for (const l of letters) set.add(l);
      byArea.set(area, set);
    }
  }
  return PERMISSION_AREAS.filter((a) => byArea.has(a)).map((area: PermissionArea) =>
    `${area}:${LETTERS.filter((l: Letter) => byArea.get(area)!.has(l)).join('')}`);
}

/** Every area with every letter: the platform rights seeded for a full platform admin. */
export const ALL_PERMISSIONS: readonly string[] = PERMISSION_AREAS.map((a) => `${a}:${LETTERS.join('')}`);
