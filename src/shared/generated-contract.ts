/**
 * The shapes of the tables the generator emits into generated/ and the app consumes. The generator
 * types its output with these, so a change here breaks the build on both sides at once.
 */
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { AccessRule } from '../../model/dsl/access';
import type { CrudOp, EndpointStyle, HttpMethod } from '../../model/dsl/endpoints';
import type { GuardName, MenuAction, MenuBadge, MenuCondition, PageArea, PageLayout } from '../../model/dsl/pages';
import type { FeatureName } from '../../model/catalogue/features';
import type { GuardResource, Letter, PageAction, PermissionArea } from '../../model/catalogue/permissions';
import type { ContractInput } from './contracts/define';

/** generated/app/endpoints.gen.ts: RESOURCE_ENDPOINTS — how the data provider reaches a resource's screens' endpoint. */
export interface ResourceEndpoint {
  readonly resource: string;
  readonly style: EndpointStyle;
  readonly base: string;
  readonly routes: Partial<Readonly<Record<CrudOp, { readonly method: HttpMethod; readonly path: string }>>>;
  readonly softDelete: boolean;
  /** Fields to send (writable ones); everything else in a record is left out of create/update bodies. */
  readonly writableFields: readonly string[];
}
export type ResourceEndpointTable = Readonly<Record<string, ResourceEndpoint>>;

/** generated/access/access.gen.ts: RESOURCE_ACCESS — the rule of each operation of each resource's screen endpoint. */
export type ResourceAccessTable = Readonly<Record<string, Partial<Readonly<Record<CrudOp, AccessRule>>>>>;

/** generated/app/menu.gen.ts: ADMIN_MENU — entries of the platform admin area, in order. */
export interface MenuEntry {
  readonly resource: string;
  readonly path: string;
  /** i18n key of the label (resources.<name>.name, plural form via smart_count 2). */
  readonly labelKey: string;
  /** @mui/icons-material icon name. */
  readonly icon: string;
  readonly order: number;
}

/** generated/admin/index.gen.ts: ADMIN_SCREENS — lazy screen sets, so admin code is split from the shop. */
export interface AdminScreenEntry {
  readonly name: string;
  readonly path: string;
  readonly load: () => Promise<{ default: AdminScreenSet }>;
}
/**
 * A resource's generated screens as <Resource> props: `<Resource {...set} />`, and one screen
 * replaced by spreading first (`<Resource {...set} list={MyList} />`, see src/app/shell/areas/admin-screens.ts).
 */
export interface AdminScreenSet {
  readonly name: string;
  readonly list?: ComponentType;
  readonly show?: ComponentType;
  readonly edit?: ComponentType;
  readonly create?: ComponentType;
  readonly recordRepresentation?: string;
  /** The menu's icon (the model's screens.menu.icon). */
  readonly icon?: ComponentType;
  /** A second address of the show page under the admin area, e.g. 'supplier-order-details/:id' (the model's screens.show.alias). */
  readonly showAlias?: string;
}

/**
 * generated/i18n/<lang>.gen.ts default export: messages merged into the app's i18next resources, in
 * i18next's format ('{{name}}' variables, '_one'/'_other' plural keys).
 */
export interface GeneratedMessages {
  resources: Record<string, {
    name_one: string; name_other: string; fields: Record<string, string>; filters?: Record<string, string>; choices?: Record<string, Record<string, string>>;
    /** Titles of the tabs or sections of the form and show page. */
    groups?: Record<string, string>;
  }>;
  ErrorMessage: Record<string, string>;
  /** Labels of the shop, user and admin-extra menu entries: menu.<key>. */
  menu: Record<string, string>;
  /** Page titles: pages.<page name>. */
  pages: Record<string, string>;
  validation: { messages: Record<string, string> };
  /** Fallback texts when a call fails without errorCode: failure.<resource>.<op>, with {{name}}. */
  failure: Record<string, Partial<Record<CrudOp, string>>>;
}

/** A guard resource and action of the spec with the permission area and letter that decide it. */
export interface PermissionPair {
  readonly resource: GuardResource;
  readonly action: PageAction;
  readonly area: PermissionArea;
  readonly letter: Letter;
}

/** generated/app/pages.gen.ts: PAGES — every page of the spec (core §2) by name. */
export interface PageEntry {
  readonly name: string;
  /** react-router path (':id' parameters). */
  readonly path: string;
  readonly area: PageArea;
  readonly layout: PageLayout;
  /** Guards in the order they run (src/shared/page-access.ts decides them). */
  readonly guards: readonly GuardName[];
  /** The page-access table's requirement (core §2); superAdminExempt for the three pages of core §6. */
  readonly requires?: PermissionPair & { readonly superAdminExempt?: boolean };
  readonly feature?: FeatureName;
  /** A page of the supplier's side: the only shop pages a supplier's user opens. */
  readonly supplierSide?: boolean;
  readonly query?: readonly string[];
  /** i18n key of the title: pages.<name>. */
  readonly titleKey: string;
}
export type PageTable = Readonly<Record<string, PageEntry>>;

/** generated/app/pages.gen.ts: CUSTOMER_MENU, USER_MENU, ADMIN_EXTRA_MENU — entries in order, groups nested. */
export interface NavMenuItem {
  readonly key: string;
  /** i18n key of the label: menu.<key>. */
  readonly labelKey: string;
  /** @mui/icons-material icon name. */
  readonly icon: string;
  /** The page it opens and that page's path. */
  readonly page?: string;
  readonly path?: string;
  /** An external URL (opened in a new tab). */
  readonly href?: string;
  /** The tenant setting holding this entry's external URL (DomainConfig.links). */
  readonly tenantLink?: string;
  readonly action?: MenuAction;
  /** A count after the label (layout/MenuTree.tsx reads it). */
  readonly badge?: MenuBadge;
  readonly feature?: FeatureName;
  /** Every pair must hold. */
  readonly requires?: readonly PermissionPair[];
  readonly when?: MenuCondition;
  readonly children?: readonly NavMenuItem[];
}

/** A wire shape as a schema's type: the generated types describe what is sent and what is read alike. */
type Wire<T> = z.ZodType<T, T>;

/**
 * generated/app/calls/<resource>.gen.ts: a route of the model's generic CRUD (an endpoint set of
 * model/dsl/endpoints.ts) as a call: callApi and the call hooks make it as they make a contract's,
 * typed by the resource's generated types (generated/types/<resource>.gen.ts) in the shapes of its
 * endpoint style, as the server's route schemas build them (src/server/crud/route-schemas.ts).
 */
export interface ModelCall<M extends HttpMethod, P extends string, Answer> extends ContractInput {
  readonly method: M;
  readonly path: P;
  readonly response: Wire<Answer>;
}
/** A model route that reads a query string (a REST list's filters, paging and sorting). */
export interface ModelCallWithQuery<M extends HttpMethod, P extends string, Answer, Query> extends ModelCall<M, P, Answer> {
  readonly query: Wire<Query>;
}
/** A model route that takes a body (a query-style call's {query}/{dto}, a REST create or update). */
export interface ModelCallWithBody<M extends HttpMethod, P extends string, Answer, Body> extends ModelCall<M, P, Answer> {
  readonly body: Wire<Body>;
}
/** A page of a REST list (rest, restV2). */
export interface RestPage<R> { readonly items: R[]; readonly total: number; readonly page: number; readonly pageSize: number }
/** A page of a query-style list, inside its {result}. */
export interface QueryPage<R> { readonly items: R[]; readonly total: number; readonly skip: number; readonly take: number }
