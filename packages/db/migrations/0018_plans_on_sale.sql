-- Decision 0031 (issue 26): a plan is on sale (listed, searched, counted, in the sitemap) when it is
-- enabled, shown and has at least one buyable price (enabled and not hidden). plans.listed_prices
-- counts its buyable prices and plans.on_sale is computed from it in the same row, so the shop's
-- statements test one column and its partial indexes hold only plans on sale.
DROP INDEX "plans_listed_name_idx";--> statement-breakpoint
DROP INDEX "plans_listed_id_idx";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "listed_prices" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "plans" p SET "listed_prices" = c."listed"
FROM (
  SELECT pr."plan_id", count(*)::int AS "listed"
  FROM "prices" pr
  WHERE pr."enabled" AND NOT pr."hidden"
  GROUP BY pr."plan_id"
) c
WHERE c."plan_id" = p."id";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "on_sale" boolean GENERATED ALWAYS AS (enabled and not hidden and listed_prices > 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "plans_listed_name_idx" ON "plans" USING btree (lower("name"),"id") WHERE "plans"."on_sale";--> statement-breakpoint
CREATE INDEX "plans_listed_id_idx" ON "plans" USING btree ("id") WHERE "plans"."on_sale";--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_listed_prices_not_negative" CHECK ("plans"."listed_prices" >= 0);--> statement-breakpoint
-- Keeps plans.listed_prices in the transaction of every price insert, update and delete, whatever
-- makes it (the API, the seed, test fixtures, SQL by hand). The change is added to the count under
-- the plan's row lock, from the rows the statement changed (transition tables), so concurrent price
-- changes never lose one, and a bulk insert updates each plan once. A price change changes the
-- plan's page, so the plan's updated_at (the sitemap's lastmod) moves too.
CREATE FUNCTION "prices_count_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "plans" p SET "listed_prices" = p."listed_prices" + d."delta", "updated_at" = now()
    FROM (SELECT "plan_id", sum(("enabled" AND NOT "hidden")::int)::int AS "delta"
          FROM "prices_inserted" GROUP BY "plan_id") d
    WHERE p."id" = d."plan_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "plans" p SET "listed_prices" = p."listed_prices" - d."delta", "updated_at" = now()
    FROM (SELECT "plan_id", sum(("enabled" AND NOT "hidden")::int)::int AS "delta"
          FROM "prices_deleted" GROUP BY "plan_id") d
    WHERE p."id" = d."plan_id";
  ELSE
    UPDATE "plans" p SET "listed_prices" = p."listed_prices" + d."delta", "updated_at" = now()
    FROM (SELECT "plan_id", sum("delta")::int AS "delta" FROM (
            SELECT "plan_id", ("enabled" AND NOT "hidden")::int AS "delta" FROM "prices_after"
            UNION ALL
            SELECT "plan_id", -("enabled" AND NOT "hidden")::int FROM "prices_before"
          ) changes GROUP BY "plan_id") d
    WHERE p."id" = d."plan_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "prices_count_listed_insert" AFTER INSERT ON "prices"
  REFERENCING NEW TABLE AS "prices_inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "prices_count_listed"();--> statement-breakpoint
CREATE TRIGGER "prices_count_listed_update" AFTER UPDATE ON "prices"
  REFERENCING OLD TABLE AS "prices_before" NEW TABLE AS "prices_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "prices_count_listed"();--> statement-breakpoint
CREATE TRIGGER "prices_count_listed_delete" AFTER DELETE ON "prices"
  REFERENCING OLD TABLE AS "prices_deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "prices_count_listed"();
