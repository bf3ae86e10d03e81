-- Double-entry books (decision 0008). Every existing ledger row moved one user's balance; here the
-- rows of one business event are grouped into a journal, and each journal gets the system posting
-- that makes it sum to zero. Rows of one event were written in one transaction, so they share
-- created_at (now() is the transaction's start) and, for subscriptions, the subscription id.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";
--> statement-breakpoint
CREATE TEMPORARY TABLE "legacy_event_of" ON COMMIT DROP AS
SELECT e."id" AS "entry_id",
  CASE
    WHEN e."type" IN ('PURCHASE', 'GIFT', 'EXTENSION', 'DEVELOPER_EARNING') AND e."entity_id" ~ '^[0-9]{1,9}$'
      THEN 'SALE:' || e."entity_id" || ':' || e."created_at"::text
    WHEN e."type" IN ('REFUND', 'DEVELOPER_EARNING_REVERSAL') AND e."entity_id" ~ '^[0-9]{1,9}$'
      THEN 'REFUND:' || e."entity_id" || ':' || e."created_at"::text
    WHEN e."type" IN ('CREDIT_TRANSFER_OUT', 'CREDIT_TRANSFER_IN') AND e."entity_id" ~ '^[0-9]{1,9}$'
      THEN 'TRANSFER:' || least(e."user_id", e."entity_id"::int) || ':'
        || greatest(e."user_id", e."entity_id"::int) || ':' || e."created_at"::text
    ELSE 'ONE:' || e."id"
  END AS "event_key"
FROM "ledger_entries" e
WHERE e."journal_id" IS NULL;
--> statement-breakpoint
CREATE TEMPORARY TABLE "legacy_events" ON COMMIT DROP AS
SELECT
  ev."event_key",
  (SELECT coalesce(max("id"), 0) FROM "ledger_journals") + row_number() OVER (ORDER BY min(e."id")) AS "journal_id",
  CASE
    WHEN bool_or(e."type" = 'GIFT') THEN 'SUBSCRIPTION_GIFT'
    WHEN bool_or(e."type" = 'EXTENSION') THEN 'SUBSCRIPTION_EXTENSION'
    WHEN bool_or(e."type" IN ('PURCHASE', 'DEVELOPER_EARNING')) THEN 'SUBSCRIPTION_PURCHASE'
    WHEN bool_or(e."type" IN ('REFUND', 'DEVELOPER_EARNING_REVERSAL')) THEN 'SUBSCRIPTION_REFUND'
    WHEN bool_or(e."type" IN ('CREDIT_TRANSFER_OUT', 'CREDIT_TRANSFER_IN')) THEN 'CREDIT_TRANSFER'
    WHEN bool_or(e."type" = 'ORDER_TOP_UP') THEN 'ORDER_FULFILMENT'
    WHEN bool_or(e."type" = 'PAYOUT_RESERVATION') THEN 'PAYOUT_RESERVATION'
    WHEN bool_or(e."type" = 'PAYOUT_RELEASE') THEN 'PAYOUT_RELEASE'
    WHEN bool_or(e."type" = 'ADMIN_ADJUSTMENT') THEN 'ADMIN_ADJUSTMENT'
    ELSE 'OPENING_BALANCE'
  END AS "kind",
  min(e."type") AS "any_type",
  min(e."entity_id") FILTER (WHERE e."type" <> 'CREDIT_TRANSFER_IN') AS "entity_id",
  min(e."user_id") FILTER (WHERE e."type" <> 'DEVELOPER_EARNING' AND e."type" <> 'DEVELOPER_EARNING_REVERSAL') AS "payer_id",
  min(e."user_id") AS "any_user_id",
  min(e."created_at") AS "created_at",
  min(e."description") AS "description",
  regexp_replace(min(e."idempotency_key"), ':(out|in)$', '') AS "idempotency_key",
  sum(e."amount")::bigint AS "total"
FROM "legacy_event_of" ev
JOIN "ledger_entries" e ON e."id" = ev."entry_id"
GROUP BY ev."event_key";
--> statement-breakpoint
INSERT INTO "ledger_journals" ("id", "kind", "reference_kind", "reference_id", "description", "idempotency_key", "created_at")
SELECT
  le."journal_id",
  le."kind",
  CASE
    WHEN le."kind" LIKE 'SUBSCRIPTION_%' THEN 'SUBSCRIPTION'
    WHEN le."kind" = 'ORDER_FULFILMENT' AND le."entity_id" ~ '^[0-9]{1,9}$' THEN 'ORDER'
    WHEN le."kind" LIKE 'PAYOUT_%' AND le."entity_id" ~ '^[0-9]{1,9}$' THEN 'PAYOUT'
    ELSE 'USER'
  END,
  CASE
    WHEN le."kind" LIKE 'SUBSCRIPTION_%' THEN le."entity_id"::int
    WHEN le."kind" IN ('ORDER_FULFILMENT', 'PAYOUT_RESERVATION', 'PAYOUT_RELEASE') AND le."entity_id" ~ '^[0-9]{1,9}$'
      THEN le."entity_id"::int
    WHEN le."kind" = 'CREDIT_TRANSFER' AND le."entity_id" ~ '^[0-9]{1,9}$' THEN le."entity_id"::int
    ELSE coalesce(le."payer_id", le."any_user_id")
  END,
  le."description",
  le."idempotency_key",
  le."created_at"
FROM "legacy_events" le;
--> statement-breakpoint
UPDATE "ledger_entries" e
SET "journal_id" = le."journal_id"
FROM "legacy_event_of" ev
JOIN "legacy_events" le ON le."event_key" = ev."event_key"
WHERE e."id" = ev."entry_id";
--> statement-breakpoint
-- The other side of each legacy event: the platform's share of a sale (or its reversal), the
-- processor that took the money of an order, the payouts reserve, the opening balances, the
-- staff corrections. A transfer pair already sums to zero.
INSERT INTO "ledger_entries" ("journal_id", "user_id", "account", "type", "amount", "balance_after", "description", "created_at")
SELECT
  le."journal_id",
  NULL,
  CASE
    WHEN le."kind" LIKE 'SUBSCRIPTION_%' THEN 'PLATFORM_REVENUE'
    WHEN le."kind" = 'ORDER_FULFILMENT' THEN 'CLEARING_' || coalesce(
      (SELECT o."payment_processor" FROM "orders" o WHERE le."entity_id" ~ '^[0-9]{1,9}$' AND o."id" = le."entity_id"::int),
      'STRIPE')
    WHEN le."kind" LIKE 'PAYOUT_%' THEN 'PAYOUTS_IN_FLIGHT'
    WHEN le."kind" = 'OPENING_BALANCE' THEN 'OPENING_BALANCES'
    ELSE 'ADJUSTMENTS'
  END,
  CASE
    WHEN le."kind" = 'SUBSCRIPTION_REFUND' THEN 'PLATFORM_SHARE_REVERSAL'
    WHEN le."kind" LIKE 'SUBSCRIPTION_%' THEN 'PLATFORM_SHARE'
    ELSE le."any_type"
  END,
  -le."total",
  NULL,
  le."description",
  le."created_at"
FROM "legacy_events" le
WHERE le."total" <> 0;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('ledger_journals', 'id'), coalesce((SELECT max("id") FROM "ledger_journals"), 0) + 1, false);
--> statement-breakpoint
CREATE FUNCTION "ledger_journals_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_journals is append-only: % is not allowed', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_journals_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_journals"
  FOR EACH ROW EXECUTE FUNCTION "ledger_journals_reject_change"();
