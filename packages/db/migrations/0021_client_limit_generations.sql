CREATE TABLE "client_limit_generations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_limit_generations" ADD CONSTRAINT "client_limit_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 36 (decision 0036): a game-client heartbeat re-decides a session's limits only when the
-- user's generation moved. These triggers move it in the same transaction as every change that can
-- lower a limit, so no write path can forget to. Statement-level with transition tables: a bulk
-- change bumps each user once, in user id order (the row locks of concurrent bumps in one order).
CREATE FUNCTION "bump_client_limit_generations"("user_ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "client_limit_generations" ("user_id", "generation")
  SELECT "id", 1 FROM "users" WHERE "id" = ANY("user_ids") ORDER BY "id"
  ON CONFLICT ("user_id") DO UPDATE SET "generation" = "client_limit_generations"."generation" + 1
$$;
--> statement-breakpoint
-- Rows that carry the user themselves: subscriptions, votes, client sessions.
CREATE FUNCTION "client_limits_changed_by_user_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_client_limit_generations"(ARRAY(SELECT DISTINCT "user_id" FROM "changed_new"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "bump_client_limit_generations"(ARRAY(
      SELECT "user_id" FROM "changed_new" UNION SELECT "user_id" FROM "changed_old"));
  ELSE
    PERFORM "bump_client_limit_generations"(ARRAY(SELECT DISTINCT "user_id" FROM "changed_old"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_client_limits_insert" AFTER INSERT ON "subscriptions"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_user_rows"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_client_limits_update" AFTER UPDATE ON "subscriptions"
  REFERENCING NEW TABLE AS "changed_new" OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_user_rows"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_client_limits_delete" AFTER DELETE ON "subscriptions"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_user_rows"();
--> statement-breakpoint
CREATE TRIGGER "votes_client_limits_insert" AFTER INSERT ON "votes"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_user_rows"();
--> statement-breakpoint
CREATE TRIGGER "votes_client_limits_update" AFTER UPDATE ON "votes"
  REFERENCING NEW TABLE AS "changed_new" OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_user_rows"();
--> statement-breakpoint
CREATE TRIGGER "votes_client_limits_delete" AFTER DELETE ON "votes"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_user_rows"();
--> statement-breakpoint
-- A session that ends (closed, killed, reset, swept, refused) is re-read by the next heartbeat of
-- every process that knew it.
CREATE TRIGGER "client_sessions_client_limits_delete" AFTER DELETE ON "client_sessions"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_user_rows"();
--> statement-breakpoint
-- A plugin switched off (or on again) for one subscription: its subscriber.
CREATE FUNCTION "client_limits_changed_by_disabled_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_client_limit_generations"(ARRAY(
      SELECT DISTINCT s."user_id" FROM "changed_new" c JOIN "subscriptions" s ON s."id" = c."subscription_id"));
  ELSE
    PERFORM "bump_client_limit_generations"(ARRAY(
      SELECT DISTINCT s."user_id" FROM "changed_old" c JOIN "subscriptions" s ON s."id" = c."subscription_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "disabled_plugin_links_client_limits_insert" AFTER INSERT ON "disabled_plugin_links"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_disabled_links"();
--> statement-breakpoint
CREATE TRIGGER "disabled_plugin_links_client_limits_delete" AFTER DELETE ON "disabled_plugin_links"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_disabled_links"();
--> statement-breakpoint
-- A plugin link granted, changed (its session limit) or removed on a price: every holder of that price.
CREATE FUNCTION "client_limits_changed_by_plugin_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_client_limit_generations"(ARRAY(
      SELECT DISTINCT s."user_id" FROM "changed_new" c JOIN "subscriptions" s ON s."price_id" = c."price_id"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "bump_client_limit_generations"(ARRAY(
      SELECT s."user_id" FROM "changed_new" c JOIN "subscriptions" s ON s."price_id" = c."price_id"
      UNION SELECT s."user_id" FROM "changed_old" c JOIN "subscriptions" s ON s."price_id" = c."price_id"));
  ELSE
    PERFORM "bump_client_limit_generations"(ARRAY(
      SELECT DISTINCT s."user_id" FROM "changed_old" c JOIN "subscriptions" s ON s."price_id" = c."price_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plugin_links_client_limits_insert" AFTER INSERT ON "plugin_links"
  REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_plugin_links"();
--> statement-breakpoint
CREATE TRIGGER "plugin_links_client_limits_update" AFTER UPDATE ON "plugin_links"
  REFERENCING NEW TABLE AS "changed_new" OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_plugin_links"();
--> statement-breakpoint
CREATE TRIGGER "plugin_links_client_limits_delete" AFTER DELETE ON "plugin_links"
  REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "client_limits_changed_by_plugin_links"();
