import type { Kysely } from 'kysely';
import type { AccessRule } from '../../model';
import type { AccessSubject } from '../shared/access';
import type { AccessTokenClaims, UserType } from '../shared/session-types';
import type { ServerConfig } from './config';
import type { ApiError } from './errors';
import type { DB } from '../../generated/db/database.gen';

/** Verifies a bearer token and returns its claims; the identity module implements it (src/server/oidc/verifier.ts). */
export interface TokenVerifier {
  verify(token: string): Promise<AccessTokenClaims>;
}

/** Where the browser goes to end the session at the identity provider. */
export type EndSession = (claims: AccessTokenClaims, context: { issuer: string; tenant: TenantRow }) => Promise<string>;

export interface TenantRow {
  id: string;
  hostname: string;
  name: string;
  environment: 'production' | 'acceptance' | 'development';
  theme: Record<string, string | null> | null;
  supportedLanguages: string[] | null;
  defaultLanguage: string | null;
  currency: 'EUR' | 'POINTS' | null;
  idpIssuer: string | null;
  idpClientId: string | null;
  idpAudience: string | null;
  defaultContractsCustomerId: string | null;
  assetManagementUrl: string | null;
  [column: string]: unknown;
}

export interface UserRow {
  id: string;
  tenantId: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  displayname: string | null;
  userType: UserType;
  landingPage: string | null;
  languageCode: string | null;
  phoneNumber: string | null;
  active: boolean;
  platformPermissions: string[] | null;
  supplierIds: string[] | null;
  [column: string]: unknown;
}

export interface AccessRow {
  id: string;
  userId: string;
  customerId: string;
  active: boolean;
  roles: string[] | null;
  permissions: string[] | null;
  departmentIds: string[] | null;
  customer: { id: string; name: string; vatNumber: string | null; domain: string | null };
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

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantRow;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (model/dsl/access.ts); routes without it need a signed-in user. */
    access?: AccessRule;
  }
}
