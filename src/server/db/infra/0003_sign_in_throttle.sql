-- Failed sign-ins at the embedded identity provider, shared by every process behind a load balancer.
-- One row per counted key: 'account:<tenant id>:<e-mail>' or 'address:<client address>'
-- (src/server/oidc/throttle.ts). A row whose last failure is old and that is not locked is stale.
CREATE TABLE IF NOT EXISTS idp_sign_in_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE INDEX IF NOT EXISTS idp_sign_in_throttle_last_failure_idx ON idp_sign_in_throttle (last_failure_at);
