import type { FeatureName } from '../catalogue/features';
import type { PermissionArea, Letter } from '../catalogue/permissions';

/**
 * Who may call a route or open a page. The same rule is checked by the server on every request
 * (src/server/auth/check-access.ts) and by the app's canAccess to hide what the server would refuse.
 *
 * - public: anybody, signed in or not.
 * - authenticated: any signed-in user of the tenant.
 * - customer: a signed-in user acting for a customer. Customer users (userType 3) need an active
 *   customer access; platform users act for the customer in X-Customer-Id or for the tenant's default
 *   contracts customer. The letters must be present on `area` (super admins pass every check).
 * - platformAdmin: platform admins (2) and super admins (1) only, plus the letters for admins (2).
 * - superAdmin: super admins (1) only.
 */
export type Audience = 'public' | 'authenticated' | 'customer' | 'platformAdmin' | 'superAdmin';

export interface AccessRule {
  readonly audience: Audience;
  readonly area?: PermissionArea;
  readonly letters?: readonly Letter[];
  /** A domain feature the acting customer must have switched on (customer users only; core §6). */
  readonly feature?: FeatureName;
}

export const access = {
  public: (): AccessRule => ({ audience: 'public' }),
  authenticated: (): AccessRule => ({ audience: 'authenticated' }),
  customer: (area?: PermissionArea, ...letters: Letter[]): AccessRule => ({ audience: 'customer', area, letters }),
  platformAdmin: (area?: PermissionArea, ...letters: Letter[]): AccessRule => ({ audience: 'platformAdmin', area, letters }),
  superAdmin: (): AccessRule => ({ audience: 'superAdmin' }),
};

/** The same rule with other letters (endpoint builders derive one rule per operation). */
export function withLetters(rule: AccessRule, letters: readonly Letter[]): AccessRule {
  return rule.area ? { ...rule, letters } : rule;
}
