-- State of the embedded identity provider (oidc-provider) and its accounts.
-- Platform-level tables: they are not tenant-owned (one provider serves every tenant, a client per tenant).

-- Every oidc-provider model (Session, Interaction, AuthorizationCode, RefreshToken, Grant, ...) in one
-- table keyed by (kind, id): the provider only ever looks rows up by id, grant, uid or user code.
CREATE TABLE IF NOT EXISTS oidc_payloads (
  kind text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS oidc_payloads_grant_id_idx ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_uid_idx ON oidc_payloads (uid) WHERE uid IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_user_code_idx ON oidc_payloads (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_expires_at_idx ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;
-- End-session revokes an account's grants for one client: find them without scanning every token.
CREATE INDEX IF NOT EXISTS oidc_payloads_grant_account_idx ON oidc_payloads ((payload->>'accountId')) WHERE kind = 'Grant';

-- Token signing keys (use 'sig', a private JWK) and cookie signing keys (use 'cookie', {"secret": ...}).
-- Created on first start and kept, so a restart or a second process keeps every session and token valid.
-- The newest row of each use signs; older rows still verify (rotation = insert a newer row).
CREATE TABLE IF NOT EXISTS oidc_keys (
  id text PRIMARY KEY,
  use text NOT NULL CHECK (use IN ('sig', 'cookie')),
  material jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Sign-in accounts of the embedded provider. The shop's users rows (per tenant) match them by e-mail.
CREATE TABLE IF NOT EXISTS idp_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  displayname text,
  created_at timestamptz NOT NULL DEFAULT now()
);
