import type { Kysely, Selectable } from 'kysely';
import type { AccessSubject } from '../shared/access';
import type { AccessTokenClaims } from '../shared/session-types';
import type { ServerConfig } from './config';
import type { ApiError } from './errors';
import type { CustomerAccessesTable, CustomersTable, DB, TenantsTable, UsersTable } from '../../generated/db/database.gen';

/** Verifies a bearer token and returns its claims; the identity module implements it (src/server/oidc/verifier.ts). */
export interface TokenVerifier {
  verify(token: string): Promise<AccessTokenClaims>;
}

/** Where the browser goes to end the session at the identity provider. */
export type EndSession = (claims: AccessTokenClaims, context: { issuer: string; tenant: TenantRow }) => Promise<string>;

/** The request's tenant: its whole row. */
export type TenantRow = Selectable<TenantsTable>;

/** A user row (the signed-in one, or the one impersonated). */
export type UserRow = Selectable<UsersTable>;

type Access = Selectable<CustomerAccessesTable>;

/** A customer access as the auth hook loads it: the row's columns, lists never null, with its customer. */
export interface AccessRow extends Pick<Access, 'id' | 'userId' | 'customerId'> {
  active: boolean;
  roles: NonNullable<Access['roles']>;
  permissions: NonNullable<Access['permissions']>;
  departmentIds: NonNullable<Access['departmentIds']>;
  customer: Pick<Selectable<CustomersTable>, 'id' | 'name' | 'vatNumber' | 'domain'>;
  /** The customer's domain features (the access's rules may depend on them). */
  features: string[];
}

/** The signed-in caller of a request. */
export interface AuthContext {
  claims: AccessTokenClaims;
  /** The user the request acts as (the impersonated one when a super admin impersonates). */
  user: UserRow;
  /** The signed-in user, who differs from `user` only under impersonation. */
  realUser: UserRow;
  accesses: AccessRow[];
  /** The acting customer, when one could be chosen. */
  customerId: string | null;
  /** A platform user named no customer: `customerId` is the tenant's default contracts customer (flows §1). */
  customerDefaulted: boolean;
  /** The acting customer access (customer users only). */
  access: AccessRow | null;
  /** Why the customer in X-Customer-Id cannot be used; thrown when a route needs a customer. */
  customerProblem: ApiError | null;
  subject: AccessSubject;
}

export interface AppDeps {
  config: ServerConfig;
  db: Kysely<DB>;
  verifier: TokenVerifier;
  endSession: EndSession;
}

