CREATE TABLE "client_limit_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_limit_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_limit_changes_user_id_id_idx" ON "client_limit_changes" USING btree ("user_id","id");
--> statement-breakpoint
-- Issue 36 (decision 0036): a game-client heartbeat re-decides a session's limits only when the
-- user's generation (their newest change) moved. These triggers append a change in the same
-- transaction as every write that can lower a limit, so no write path can forget to. Statement-level
-- with transition tables: a bulk change appends one row per user. Appends take no lock another
-- transaction waits on.
CREATE FUNCTION "bump_client_limit_generations"("user_ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "client_limit_changes" ("user_id") SELECT DISTINCT "id" FROM unnest("user_ids") AS "changed" ("id")
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
