-- Session logs become one row per session, kept up to date, and partitioned by day on the
-- session's open time (decision 0037). Drizzle cannot declare a partitioned table, so this file is
-- written by hand; meta/0020_snapshot.json holds the same columns, key and indexes as the schema.
-- The old per-heartbeat rows are collapsed into one row per session (started_at: its first row).
DROP INDEX "session_logs_last_update_idx";--> statement-breakpoint
DROP INDEX "session_logs_user_id_idx";--> statement-breakpoint
DROP INDEX "session_logs_session_id_idx";--> statement-breakpoint
DROP INDEX "session_logs_exceeded_idx";--> statement-breakpoint
ALTER TABLE "session_logs" RENAME TO "session_logs_per_heartbeat";--> statement-breakpoint
CREATE TABLE "session_logs" (
  "session_id" uuid NOT NULL,
  "user_id" integer NOT NULL,
  "plugin_id" integer NOT NULL,
  "plugin_name" text NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "last_update" timestamp with time zone DEFAULT now() NOT NULL,
  "exceeded" boolean DEFAULT false NOT NULL,
  CONSTRAINT "session_logs_session_id_started_at_pk" PRIMARY KEY ("session_id", "started_at")
) PARTITION BY RANGE ("started_at");--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- INCLUDE (not expressible in Drizzle's schema): the page and the filter merge every day
-- partition's index, reading one entry ahead in each; with the listed columns in the index that
-- read needs no visit to the table (index-only scans), so a page costs index pages only.
CREATE INDEX "session_logs_last_update_session_id_idx" ON "session_logs" USING btree ("last_update" DESC NULLS FIRST, "session_id" DESC NULLS FIRST) INCLUDE ("user_id", "plugin_name", "exceeded");--> statement-breakpoint
CREATE INDEX "session_logs_user_id_last_update_idx" ON "session_logs" USING btree ("user_id", "last_update" DESC NULLS FIRST, "session_id" DESC NULLS FIRST) INCLUDE ("plugin_name", "exceeded");--> statement-breakpoint
-- One partition per UTC day, named session_logs_pYYYYMMDD, for [first_day, last_day]; those that
-- exist are left alone. Serialised by an advisory lock, so processes starting together agree.
-- Returns how many it created.
CREATE FUNCTION "session_logs_create_partitions"("first_day" date, "last_day" date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  "day" date := "first_day";
  "partition" text;
  "created" integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(7245118020);
  WHILE "day" <= "last_day" LOOP
    "partition" := 'session_logs_p' || to_char("day", 'YYYYMMDD');
    IF to_regclass('public.' || "partition") IS NULL THEN
      EXECUTE format(
        'CREATE TABLE IF NOT EXISTS public.%I PARTITION OF public.session_logs FOR VALUES FROM (%L) TO (%L)',
        "partition", "day"::text || ' 00:00:00+00', ("day" + 1)::text || ' 00:00:00+00');
      "created" := "created" + 1;
    END IF;
    "day" := "day" + 1;
  END LOOP;
  RETURN "created";
END $$;--> statement-breakpoint
-- Drops the day partitions wholly before first_kept_day (the retention); returns how many.
CREATE FUNCTION "session_logs_drop_partitions_before"("first_kept_day" date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  "old" record;
  "dropped" integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(7245118020);
  FOR "old" IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'public.session_logs'::regclass
      AND c.relname ~ '^session_logs_p[0-9]{8}$'
      AND to_date(substring(c.relname FROM 15), 'YYYYMMDD') < "first_kept_day"
    ORDER BY c.relname
  LOOP
    EXECUTE format('DROP TABLE public.%I', "old".relname);
    "dropped" := "dropped" + 1;
  END LOOP;
  RETURN "dropped";
END $$;--> statement-breakpoint
-- Every day the old rows span, and today and the week ahead (the server keeps them from then on).
SELECT "session_logs_create_partitions"(
  least((SELECT min("last_update") FROM "session_logs_per_heartbeat") AT TIME ZONE 'UTC',
        now() AT TIME ZONE 'UTC')::date,
  greatest((SELECT max("last_update") FROM "session_logs_per_heartbeat") AT TIME ZONE 'UTC',
           now() AT TIME ZONE 'UTC')::date + 7);--> statement-breakpoint
INSERT INTO "session_logs" ("session_id", "user_id", "plugin_id", "plugin_name", "started_at", "last_update", "exceeded")
SELECT "session_id",
  (array_agg("user_id" ORDER BY "last_update" DESC, "id" DESC))[1],
  (array_agg("plugin_id" ORDER BY "last_update" DESC, "id" DESC))[1],
  (array_agg("plugin_name" ORDER BY "last_update" DESC, "id" DESC))[1],
  min("last_update"), max("last_update"), bool_or("exceeded")
FROM "session_logs_per_heartbeat"
GROUP BY "session_id";--> statement-breakpoint
DROP TABLE "session_logs_per_heartbeat";
