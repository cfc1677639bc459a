import type { AccessRule } from './access';
import type { EndpointSet } from './endpoints';
import { unwrapFields, type Field, type FieldDef } from './field';
import type { FilterDef } from './filters';
import type { GroupsDef } from './groups';
import type { Translations } from './i18n';
import type { Rule } from './rules';
import type { ErrorCode } from '../catalogue/errors';
import type { FeatureName } from '../catalogue/features';
import type { PermissionArea } from '../catalogue/permissions';

/**
 * Who owns a row. Every table but platform ones carries tenant_id; customer-owned tables also carry
 * customer_id, taken from the acting customer and never from the body.
 * - customerOrPlatform: rows of the platform (customer_id null, e.g. platform suppliers) and rows a
 *   customer created for itself (own suppliers). A customer sees both and changes only its own.
 */
export type Scope = 'platform' | 'tenant' | 'customer' | 'customerOrPlatform';

export interface ScreensDef {
  /** Route of the generated react-admin screens, e.g. '/ycAdmin/suppliers'. */
  readonly path: string;
  /** The endpoint set (key of `endpoints`) the screens' data provider talks to. */
  readonly endpoint: string;
  readonly menu: { readonly section: 'admin' | 'main'; readonly order: number; readonly icon: string };
  /** Tabs or sections of the form and show page (model/dsl/groups.ts); without it, one column. */
  readonly groups?: GroupsDef;
  /** What the generated show page draws besides the fields (a resource with a get route). */
  readonly show?: ShowScreenDef;
  /**
   * A hand-written page draws this resource's create or edit form (at a path of the spec's own):
   * the generator gives it the model's inputs in their groups, one section each
   * (generated/admin/<resource>/Inputs.gen.tsx), so the page never copies the field list.
   */
  readonly handWrittenForms?: boolean;
}

export interface ShowScreenDef {
  /**
   * A hand-written component drawn above the fields of the show page, for what the fields cannot
   * say or do (e.g. the decision buttons of an order): '<module under src/app>#<export>', as a
   * page's view (model/dsl/pages.ts), e.g. 'features/orders/AdminOrderDecision#AdminOrderDecision'.
   * It takes no props and reads the record with react-admin's useRecordContext.
   */
  readonly panel?: string;
  /**
   * A second address of the record's page where the spec names one beside /ycAdmin/<name>/{id}
   * (flows §2 '/ycAdmin/supplier-order-details/{id}'): an admin page of the catalogue with that path.
   */
  readonly alias?: string;
}

export interface ResourceDef {
  readonly name: string;
  readonly label: { readonly one: Translations; readonly many: Translations };
  readonly table: string;
  readonly scope: Scope;
  readonly area?: PermissionArea;
  readonly fields: Readonly<Record<string, FieldDef>>;
  /** delete sets `deleted`; restore clears it; queries hide deleted rows unless asked. */
  readonly softDelete: boolean;
  readonly recordRepresentation: string;
  readonly rules: readonly Rule[];
  readonly filters: Readonly<Record<string, FilterDef>>;
  readonly list: {
    readonly columns: readonly string[];
    readonly sort: { readonly field: string; readonly order: 'ASC' | 'DESC' };
    /**
     * Columns that sort although their value is no plain column of the table: a member of an object
     * field ('address.city', on its JSON member) or a reference (on the target's representation,
     * e.g. the department's name). A plain column of a sortable kind sorts without being listed;
     * any other column shows as not sortable. These sorts use no index: mark them on lists that
     * stay small (a tenant's categories, a customer's warehouses).
     */
    readonly sortable?: readonly string[];
    /** The user's filters on this table are remembered in their settings. */
    readonly rememberFilters?: boolean;
  };
  readonly endpoints: Readonly<Record<string, EndpointSet>>;
  readonly screens?: ScreensDef;
  readonly feature?: FeatureName;
  readonly notFound: ErrorCode;
  /**
   * Rows a customer user reads only when they are theirs: without one of `unlessRoles` (in the acting
   * company), lists and gets of a customer-side route see only rows whose `field` (a reference to
   * users) is the user; another's row is not found. Super admins and platform users are not limited.
   */
  readonly ownRows?: { readonly field: string; readonly unlessRoles: readonly string[] };
  /**
   * A tenant resource whose rows may belong to a company (this reference to customers) or to none:
   * customer-side routes read only the acting company's rows (none without one: noActiveCustomer),
   * platform admins' routes the whole tenant's (the audit trail: entries of no company exist).
   */
  readonly customerRows?: string;
  /**
   * The resource needs a customer the caller chose (flows §1: a platform user who names none acts
   * for the tenant's default contracts customer only for contracts, categories and suppliers):
   * without X-Customer-Id a platform user's calls of it answer 400 noActiveCustomer.
   */
  readonly needsChosenCustomer?: boolean;
  /**
   * Rows of other resources that a single record's answer carries (the generated get/id routes),
   * e.g. a supplier order with its `lines`: key → the child resource, its reference to this record
   * and its order. Lists do not carry them.
   */
  readonly children?: Readonly<Record<string, { readonly resource: string; readonly field: string; readonly sort: string }>>;
  /** Fallback texts the app shows when a call fails without an errorCode ({name} is the record's representation). */
  /**
   * Fields removed on purpose, old name → why: the migration drops their columns with the data.
   * Without it the generator refuses to drop a column. May stay after the migration is written.
   */
  readonly removed?: Readonly<Record<string, string>>;
  readonly failureTexts?: Partial<Readonly<Record<'list' | 'get' | 'create' | 'update' | 'delete' | 'restore', Translations>>>;
}

type ResourceInput = Omit<ResourceDef, 'name' | 'fields' | 'softDelete' | 'rules' | 'filters' | 'endpoints' | 'table'> & {
  table?: string;
  fields: Record<string, Field>;
  softDelete?: boolean;
  rules?: Rule[];
  filters?: Record<string, FilterDef>;
  endpoints?: Record<string, EndpointSet>;
};

/**
 * Declares a resource. The name is its API/react-admin name; the table defaults to it in snake_case.
 * Its fields keep their names in the type, so code that names one (`orders.fields.about`, a contract's
 * body built from it) stops compiling when the field is removed or renamed.
 */
export function resource<const F extends Record<string, Field>>(name: string, def: ResourceInput & { fields: F }): Omit<ResourceDef, 'fields'> & { readonly fields: { readonly [K in keyof F]: FieldDef } } {
  // A resource behind a domain feature gates every one of its routes (its calls' contracts too: contractsOf).
  const gate = (rule: AccessRule): AccessRule => (def.feature ? { ...rule, feature: def.feature } : rule);
  return {
    ...def,
    name,
    table: def.table ?? name.replace(/-/g, '_'),
    fields: unwrapFields(def.fields) as { readonly [K in keyof F]: FieldDef },
    softDelete: def.softDelete ?? false,
    rules: def.rules ?? [],
    filters: def.filters ?? {},
    endpoints: Object.fromEntries(Object.entries(def.endpoints ?? {}).map(([k, set]) => [k, {
      ...set, routes: set.routes.map((r) => ({ ...r, access: gate(r.access) })),
    }])),
  };
}
