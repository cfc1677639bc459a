import type { ClientMetadata } from 'oidc-provider';
import type { OidcDb, TenantsRow } from './db-types';

/**
 * Tenants as the identity provider sees them: each tenant that signs in with the embedded provider
 * is one public client (client_id = tenants.idp_client_id) whose redirect URI is on its own hostname.
 */

const TENANT_COLUMNS = [
  'id', 'hostname', 'name', 'theme', 'supported_languages', 'default_language', 'idp_issuer', 'idp_client_id', 'idp_audience',
] as const;

export async function findTenantByClientId(db: OidcDb, clientId: string): Promise<TenantsRow | undefined> {
  return db.selectFrom('tenants').select(TENANT_COLUMNS).where('idp_client_id', '=', clientId).executeTakeFirst();
}

export async function findTenantByHostname(db: OidcDb, hostname: string): Promise<TenantsRow | undefined> {
  return db.selectFrom('tenants').select(TENANT_COLUMNS).where('hostname', '=', hostname.toLowerCase()).executeTakeFirst();
}

/** A tenant whose idp_issuer names another provider signs in there, not here. */
export function usesLocalProvider(tenant: Pick<TenantsRow, 'idp_issuer' | 'idp_client_id'>, issuer: string): boolean {
  if (!tenant.idp_client_id) return false;
  const configured = tenant.idp_issuer?.replace(/\/+$/, '');
  return !configured || configured === issuer;
}

/** 'http://acme.localhost:3000': the tenant's hostname with the scheme and port of the public URL. */
export function tenantOrigin(hostname: string, publicUrl: string): string {
  const base = new URL(publicUrl);
  return `${base.protocol}//${hostname}${base.port ? `:${base.port}` : ''}`;
}

export function clientMetadataFor(tenant: TenantsRow, publicUrl: string): ClientMetadata {
  const origin = tenantOrigin(tenant.hostname, publicUrl);
  return {
    client_id: tenant.idp_client_id!,
    client_name: tenant.name,
    application_type: 'web',
    // A browser app cannot keep a secret: public client, PKCE (required for 'none' by the provider).
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${origin}/redirect`],
    post_logout_redirect_uris: [`${origin}/`],
  };
}

/** The adapter's 'Client' lookup: read on every use, so tenant changes apply without a restart. */
export function clientLookup(db: OidcDb, publicUrl: string, issuer: string) {
  return async (clientId: string): Promise<ClientMetadata | undefined> => {
    const tenant = await findTenantByClientId(db, clientId);
    return tenant && usesLocalProvider(tenant, issuer) ? clientMetadataFor(tenant, publicUrl) : undefined;
  };
}
