-- Keys the model's field language cannot say (model/resources/order-conversation.ts, order-ratings.ts,
-- order-reminders.ts): each makes a rule true in the database itself, so that two requests at once
-- cannot both write the row the rule allows once.

-- A user marks a comment seen once (PATCH /v2/orders/{id}/conversation/seen inserts on conflict do nothing).
create unique index order_comment_seen_comment_user_key on order_comment_seen (tenant_id, comment_id, user_id);

-- One follow state per order and user (PATCH /v2/orders/{id}/follow-conversation upserts it).
create unique index order_conversation_followers_order_user_key on order_conversation_followers (tenant_id, order_id, user_id);

-- flows §5 "A rating can be given once per order".
create unique index order_ratings_order_key on order_ratings (tenant_id, order_id);

-- The reminders.due job (every minute, every tenant) reads only what is due.
create index order_reminders_next_due_idx on order_reminders (next_due_at) where next_due_at is not null;
