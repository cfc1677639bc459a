import type { FeatureName } from '../catalogue/features';
import type { GuardResource, PageAction } from '../catalogue/permissions';
import type { Translations } from './i18n';

/**
 * The spec's pages and menus as data (core §2, §6; flows §2). A page the app has built names its
 * view (the component that draws it); the app's router, menus, landing page and assistant offer
 * exactly those pages, so a page is added here and nowhere else.
 *
 * Layouts: 'default' (sidebar and header), 'marketplace' (default with category tabs), 'public'
 * (the not-logged-in layout) and 'admin' (the platform area under /ycAdmin: admin menu, no header;
 * core §6). The spec names the first three; the admin area has its own layout in the app.
 */
export type PageLayout = 'default' | 'marketplace' | 'public' | 'admin';

/** Where a page lives: the customer shop, the platform admin area or the session/system pages. */
export type PageArea = 'shop' | 'admin' | 'system';

/**
 * Route guards by name (core §2 "Other route guards exist by name", §6). 'extraPrivileges' is the
 * guard core §6 describes without naming ("sends a user without extra privileges to /unauthorized").
 * 'chosenCustomer' is 'activeCustomer' for a page whose calls need a customer the user chose (flows §5:
 * order templates): a platform user who chose none is refused the page (and its menu entry) rather
 * than shown a page whose every call fails.
 */
export const GUARDS = ['auth', 'registeredCustomer', 'activeCustomer', 'chosenCustomer', 'admin', 'superAdmin', 'extraPrivileges', 'permission'] as const;
export type GuardName = (typeof GUARDS)[number];

/** A page-access requirement of core §2's table: a guard resource and READ/WRITE/CREATE. */
export interface PageRequirement {
  readonly resource: GuardResource;
  readonly action: PageAction;
  /** Core §6: the page-level super-admin exemption (supplier-create, supplier-edit-id, contracts-id-edit). */
  readonly superAdminExempt?: boolean;
}

export interface PageDef {
  /** The spec's page name (core §2 guard table) or a name in the same style: path segments joined by '-'. */
  readonly name: string;
  /** react-router path; parameters as ':id' where the spec writes {id}. */
  readonly path: string;
  readonly area: PageArea;
  readonly layout: PageLayout;
  /** Every guard the page runs, in the order they are checked (the layout's first). */
  readonly guards: readonly GuardName[];
  readonly requires?: PageRequirement;
  readonly feature?: FeatureName;
  /**
   * A page of the supplier's side: a supplier's user (src/shared/access.ts isSupplierUser) opens it,
   * and no other shop page (the server decides each record by the supplier). Others run its guards.
   */
  readonly supplierSide?: boolean;
  /** Query parameters the page reads (core §2). */
  readonly query?: readonly string[];
  readonly title: Translations;
  /** The view the app draws the page with, when it has one (see PageOptions.view). */
  readonly view?: string;
}

/** Guards every page of a layout runs (core §2: the default layout uses auth and registered customer). */
export const LAYOUT_GUARDS: Readonly<Record<PageLayout, readonly GuardName[]>> = {
  default: ['auth', 'registeredCustomer'],
  marketplace: ['auth', 'registeredCustomer'],
  public: [],
  admin: ['auth', 'admin'],
};

export interface PageOptions {
  readonly area?: PageArea;
  readonly layout?: PageLayout;
  /** Guards beyond the layout's; 'permission' is added by itself when `requires` is set. */
  readonly guards?: readonly GuardName[];
  readonly requires?: PageRequirement;
  readonly feature?: FeatureName;
  /** A supplier's user may open it (PageDef.supplierSide). */
  readonly supplierSide?: boolean;
  readonly query?: readonly string[];
  /**
   * The component that draws the page: '<module under src/app>#<export>', e.g.
   * 'shell/pages/HomePage#HomePage' ('#default' for a default export). The generator writes a lazy loader
   * for it (generated/app/page-views.gen.ts); pages without one are not built yet and are neither
   * routed nor offered in menus. The shop's pages show in the shop layout, 'marketplace' pages in the
   * light shell (no react-admin), admin pages in the platform admin area.
   */
  readonly view?: string;
}

/** Declares a page: layout 'default' in the shop unless told; guards are the layout's, then `guards`, then 'permission'. */
export function page(name: string, path: string, title: Translations, options: PageOptions = {}): PageDef {
  const layout = options.layout ?? 'default';
  const guards = [...LAYOUT_GUARDS[layout], ...(options.guards ?? [])];
  if (options.requires && !guards.includes('permission')) guards.push('permission');
  return {
    name, path, area: options.area ?? 'shop', layout, guards: [...new Set(guards)],
    requires: options.requires, feature: options.feature, query: options.query, title,
    ...(options.supplierSide ? { supplierSide: true } : {}),
    ...(options.view ? { view: options.view } : {}),
  };
}

/** A requirement in the spec's words: `requires('suppliers', 'CREATE', { superAdminExempt: true })`. */
export function requires(resource: GuardResource, action: PageAction, options: { superAdminExempt?: boolean } = {}): PageRequirement {
  return options.superAdminExempt ? { resource, action, superAdminExempt: true } : { resource, action };
}

/** What must hold for a menu entry beyond its features: the user's state in the header's user menu. */
export type MenuCondition = 'loggedIn' | 'loggedOut' | 'multipleCustomers' | 'extraPrivileges' | 'supplierUser';
/** Entries that do something instead of opening a page. */
export type MenuAction = 'switchCustomer' | 'login' | 'logout';
/** A count shown after an entry's label and read as part of its name: how many orders wait for the user's step. */
export type MenuBadge = 'ordersToApprove' | 'deliveriesToApprove' | 'invoicesToPay';

/** Tenant settings that hold an external address for a menu entry. */
export type TenantLink = 'assetManagementUrl';

export interface MenuItemDef {
  /** Unique within its menu; the i18n key is menu.<key>. */
  readonly key: string;
  readonly label: Translations;
  /** @mui/icons-material icon name. */
  readonly icon: string;
  /** Name of the page it opens (PAGES). */
  readonly page?: string;
  /** An external URL, opened in a new tab. */
  readonly href?: string;
  /** An external address that is a tenant setting (that field of tenants); no address, no entry. */
  readonly tenantLink?: TenantLink;
  readonly action?: MenuAction;
  readonly badge?: MenuBadge;
  readonly feature?: FeatureName;
  /** Every pair must hold (core §6: READ/CREATE pairs on the menu's resources). */
  readonly requires?: readonly { readonly resource: GuardResource; readonly action: PageAction }[];
  readonly when?: MenuCondition;
  /** A group: shown when at least one child is. */
  readonly children?: readonly MenuItemDef[];
}

export interface MenusDef {
  /** The shop's sidebar (core §2). */
  readonly customer: readonly MenuItemDef[];
  /** The header's user menu (core §2). */
  readonly user: readonly MenuItemDef[];
  /** Entries of the platform admin menu behind extra privileges (flows §6); the rest come from resources' screens.menu. */
  readonly adminExtra: readonly MenuItemDef[];
}

type MenuItemInput = Omit<MenuItemDef, 'key' | 'label' | 'icon'>;

/** Declares a menu entry. */
export function menuItem(key: string, label: Translations, icon: string, options: MenuItemInput = {}): MenuItemDef {
  return { key, label, icon, ...options };
}
