-- When a request sent with an Idempotency-Key first committed a transaction (in that transaction:
-- src/server/db/commit-guard.ts). A request lost after it (its process killed before its answer was
-- kept) is then known to have had its effect, and is not run again (409 IdempotencyAnswerLost).
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS committed_at timestamptz;
