/**
 * Which pages a user may open and which menu entries they see (core §2 page-access guard, §6), pure,
 * over the generated PAGES and menus. The app redirects by the decision; the server still decides
 * every call.
 */
import type { GuardName } from '../../model/dsl/pages';
import { hasLetters, type AccessSubject } from './access';
import type { NavMenuItem, PageEntry, PageTable, PermissionPair } from './generated-contract';

/** The signed-in user as the page guards see them. */
export interface PageSubject extends AccessSubject {
  /** Domain features switched on for the acting customer. */
  features: readonly string[];
  /** Platform admins' toggleable extra privileges (flows §6). */
  extraPrivileges?: boolean;
  /** Whether a customer user has any active customer access; defaults to having an acting customer. */
  hasCustomerAccess?: boolean;
  /**
   * Whether the user chose the company they act for (X-Customer-Id). A platform user who did not acts
   * for the tenant's default contracts customer, which some pages' calls refuse (noActiveCustomer).
   */
  chosenCustomer?: boolean;
  /** How many suppliers the user works for (a supplier user's menu offers their supplier orders). */
  supplierCount?: number;
  /** How many active customer accesses the user has (switch company shows from two). */
  activeAccessCount?: number;
  /** The tenant's external addresses (DomainConfig.links): an entry with a tenantLink needs its address. */
  links?: Readonly<Record<string, string | null>>;
}

/**
 * What to do with a user who opens a page: show it, send them to /login, to the registration
 * wizard, to the modal choosing the active customer, or to /unauthorized.
 */
export type PageDecision = 'ok' | 'login' | 'registration' | 'chooseCustomer' | 'unauthorized';

export type PageGuarding = Pick<PageEntry, 'guards' | 'requires' | 'feature' | 'supplierSide'> & { area?: PageEntry['area'] };

const isSuperAdmin = (s: PageSubject) => s.userType === 1;
const isPlatformUser = (s: PageSubject) => s.userType === 1 || s.userType === 2;

/** Core §6: super admins pass every permission check; everyone else needs the letter on the area. */
export function hasPair(subject: PageSubject, pair: Pick<PermissionPair, 'area' | 'letter'>): boolean {
  return isSuperAdmin(subject) || hasLetters(subject.permissions, pair.area, [pair.letter]);
}

/** Domain features gate customer users only, as on the server (src/shared/access.ts). */
export function hasFeature(subject: PageSubject, feature: string | undefined): boolean {
  return !feature || subject.userType !== 3 || subject.features.includes(feature);
}

const hasExtraPrivileges = (s: PageSubject) => isSuperAdmin(s) || (s.userType === 2 && s.extraPrivileges === true);

function guardDecision(guard: GuardName, page: PageGuarding, s: PageSubject): PageDecision {
  switch (guard) {
    case 'auth':
      return 'ok';
    case 'registeredCustomer':
      // Platform users need no company (core §6); a signed-in user without a user type has not registered.
      if (isPlatformUser(s)) return 'ok';
      return s.userType === 3 && (s.hasCustomerAccess ?? s.customerId !== null) ? 'ok' : 'registration';
    case 'activeCustomer':
      if (isPlatformUser(s) || s.customerId) return 'ok';
      return s.userType === 3 ? 'chooseCustomer' : 'registration';
    case 'chosenCustomer':
      // A platform user acts for a company by impersonating one of its users (the picker offers customer accesses only).
      if (isPlatformUser(s)) return s.chosenCustomer ? 'ok' : 'unauthorized';
      return guardDecision('activeCustomer', page, s);
    case 'admin':
      return isPlatformUser(s) ? 'ok' : 'unauthorized';
    case 'superAdmin':
      return isSuperAdmin(s) ? 'ok' : 'unauthorized';
    case 'extraPrivileges':
      return hasExtraPrivileges(s) ? 'ok' : 'unauthorized';
    case 'permission':
      // superAdminExempt (core §6) is implied: a super admin passes every permission check.
      return !page.requires || hasPair(s, page.requires) ? 'ok' : 'unauthorized';
  }
}

/**
 * Runs a page's guards in order and answers the first refusal. Signed-out visitors of a guarded
 * page go to /login (the app remembers the path); signed-in users who are not platform users are
 * refused the admin area (the app's AdminGate sends them to /unauthorized, not back to /login).
 */
export function canOpenPage(page: PageGuarding, subject: PageSubject | null): PageDecision {
  if (!subject) return page.guards.length ? 'login' : 'ok';
  // A supplier's user has the supplier's side of the shop only, and needs no company for it (they are
  // not sent to /registration); the server decides each supplier order, delivery and invoice by supplier.
  if (subject.supplierUser && page.area !== 'admin' && page.area !== 'system') return page.supplierSide ? 'ok' : 'unauthorized';
  for (const guard of page.guards) {
    const decision = guardDecision(guard, page, subject);
    if (decision !== 'ok') return decision;
  }
  return hasFeature(subject, page.feature) ? 'ok' : 'unauthorized';
}

/**
 * Why a signed-in user may not open a page canOpenPage refuses ('unauthorized'), so the refusal can
 * say it in words: the company lacks the page's domain feature, the user's role lacks its right, the
 * page is the customer's side and the user a supplier's, or it is for platform admins.
 */
export type RefusalReason =
  | { kind: 'feature'; feature: string }
  | { kind: 'right'; area: string; letter: string }
  | { kind: 'supplierSide' }
  /** A platform user opens a company's page by acting as one of its users. */
  | { kind: 'actAsCompany' }
  | { kind: 'platform' };

export function refusalReason(page: PageGuarding, subject: PageSubject): RefusalReason | null {
  if (subject.supplierUser && page.area !== 'admin' && page.area !== 'system') return page.supplierSide ? null : { kind: 'supplierSide' };
  for (const guard of page.guards) {
    if (guardDecision(guard, page, subject) !== 'unauthorized') continue;
    if (guard === 'permission' && page.requires) return { kind: 'right', area: page.requires.area, letter: page.requires.letter };
    return guard === 'chosenCustomer' ? { kind: 'actAsCompany' } : { kind: 'platform' };
  }
  return hasFeature(subject, page.feature) ? null : { kind: 'feature', feature: page.feature! };
}

function conditionHolds(item: NavMenuItem, subject: PageSubject | null): boolean {
  switch (item.when) {
    case 'loggedOut': return subject === null;
    case undefined:
    case 'loggedIn': return subject !== null;
    case 'multipleCustomers': return subject !== null && (subject.activeAccessCount ?? 0) > 1;
    case 'extraPrivileges': return subject !== null && hasExtraPrivileges(subject);
    case 'supplierUser': return subject !== null && (subject.supplierCount ?? 0) > 0;
  }
}

function entryVisible(item: NavMenuItem, subject: PageSubject | null, pages?: PageTable): boolean {
  if (!conditionHolds(item, subject)) return false;
  if (!subject) return true; // only 'loggedOut' entries get here
  if (!hasFeature(subject, item.feature)) return false;
  if (!(item.requires ?? []).every((pair) => hasPair(subject, pair))) return false;
  if (item.tenantLink && !subject.links?.[item.tenantLink]) return false;
  if (pages && item.page) {
    const target = pages[item.page];
    return target !== undefined && canOpenPage(target, subject) === 'ok';
  }
  return true;
}

/**
 * The entries of a menu the subject sees (core §6): by condition, domain feature and every
 * READ/CREATE pair; with `pages`, also only entries whose page the subject may open. A group stays
 * when at least one of its entries does, with only those entries.
 */
export function visibleMenu(menu: readonly NavMenuItem[], subject: PageSubject | null, pages?: PageTable): NavMenuItem[] {
  const shown: NavMenuItem[] = [];
  for (const item of menu) {
    if (!entryVisible(item, subject, pages)) continue;
    if (!item.children) {
      shown.push(item);
      continue;
    }
    const children = visibleMenu(item.children, subject, pages);
    if (children.length) shown.push({ ...item, children });
  }
  return shown;
}

/**
 * The page a browser path shows (query and trailing slash ignored; ':param' segments match any one
 * segment). Where several match, the one with more literal segments wins, so /contracts/create is
 * contracts-create and not contracts-id.
 */
export function matchPage(pages: PageTable, pathname: string): PageEntry | undefined {
  const segments = (p: string) => p.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const wanted = segments(pathname);
  let best: { page: PageEntry; literal: number } | undefined;
  for (const page of Object.values(pages)) {
    const pattern = segments(page.path);
    if (pattern.length !== wanted.length) continue;
    if (!pattern.every((seg, i) => seg.startsWith(':') || seg === wanted[i])) continue;
    const literal = pattern.filter((seg) => !seg.startsWith(':')).length;
    if (!best || literal > best.literal) best = { page, literal };
  }
  return best?.page;
}
