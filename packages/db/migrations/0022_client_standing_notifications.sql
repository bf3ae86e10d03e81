-- Issue 36 (decision 0044): manifest versions come from one sequence instead of a counter row per
-- user that every fetch updated (a write, a row lock and a commit waiting for the disk). It starts
-- above every version issued so far, so no client ever sees a version lower than one it accepted.
CREATE SEQUENCE "public"."manifest_versions_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
SELECT setval('"public"."manifest_versions_seq"', max("version")) FROM "manifest_versions" HAVING max("version") > 0;--> statement-breakpoint
DROP TABLE "manifest_versions" CASCADE;--> statement-breakpoint
-- Issue 36 (decision 0044): every API process keeps, per client token, what the client token's
-- check reads (the token, its account's standing, the limit generation), and must hear every
-- change of it before its next answer. The database tells: these triggers notify
-- `ember_client_standing` with the ids of the users concerned, in the transaction of the change (so
-- only on commit). A NOTIFY payload is at most 8000 bytes: a change of many users at once says '*'
-- (every process forgets everything).
CREATE FUNCTION "notify_client_standing"("user_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "payload" text := array_to_string("user_ids", ',');
BEGIN
  IF "payload" IS NULL OR "payload" = '' THEN
    RETURN;
  END IF;
  IF length("payload") > 7000 THEN
    "payload" := '*';
  END IF;
  PERFORM pg_notify('ember_client_standing', "payload");
END;
$$;
--> statement-breakpoint
-- The limit generation: the same function every limit trigger of migration 0021 calls.
CREATE OR REPLACE FUNCTION "bump_client_limit_generations"("user_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "client_limit_changes" ("user_id") SELECT DISTINCT "id" FROM unnest("user_ids") AS "changed" ("id");
  PERFORM "notify_client_standing"("user_ids");
END;
$$;
--> statement-breakpoint
-- A token revoked, moved to another account (a transfer) or deleted (with its user). Its last use
-- (written at most once a minute) changes nothing a check decides.
CREATE FUNCTION "client_standing_changed_by_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "notify_client_standing"(ARRAY[OLD."user_id"]);
  ELSE
    PERFORM "notify_client_standing"(ARRAY[OLD."user_id", NEW."user_id"]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "client_tokens_client_standing_update" AFTER UPDATE OF "revoked_at", "user_id", "token_hash" ON "client_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
  EXECUTE FUNCTION "client_standing_changed_by_tokens"();
--> statement-breakpoint
CREATE TRIGGER "client_tokens_client_standing_delete" AFTER DELETE ON "client_tokens"
  FOR EACH ROW EXECUTE FUNCTION "client_standing_changed_by_tokens"();
--> statement-breakpoint
-- An account's standing as the check reads it: a ban (enabled), a hold, VIP time, roles, Discord id.
-- Credits and the rest of the row change nothing a check decides (the trigger does not even run).
CREATE FUNCTION "client_standing_changed_by_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_client_standing"(ARRAY[NEW."id"]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_client_standing_update" AFTER UPDATE OF "enabled", "held_at", "vip_until", "roles", "discord_id" ON "users"
  FOR EACH ROW WHEN (OLD."enabled" IS DISTINCT FROM NEW."enabled" OR OLD."held_at" IS DISTINCT FROM NEW."held_at"
    OR OLD."vip_until" IS DISTINCT FROM NEW."vip_until" OR OLD."roles" IS DISTINCT FROM NEW."roles"
    OR OLD."discord_id" IS DISTINCT FROM NEW."discord_id")
  EXECUTE FUNCTION "client_standing_changed_by_users"();
