-- Requests sent with an Idempotency-Key header (src/server/plugins/idempotency.ts), one row per
-- tenant, signed-in user and key. A row without response_status is a request still running, taken
-- at claimed_at by the request holding claim_id; with it, the answer replayed to every repeat until
-- expires_at. No foreign keys: infra tables come before the model's, and a row lives a day at most.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  tenant_id uuid NOT NULL,
  user_id uuid NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  request_hash text NOT NULL,
  claim_id uuid NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  response_status integer,
  response_content_type text,
  response_body text,
  PRIMARY KEY (tenant_id, user_id, key)
);
-- The sweep of expired keys.
CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
