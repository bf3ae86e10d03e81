ALTER TABLE "session_log_days" ADD COLUMN "users_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Written by hand from here (decision 0060): an open writes its session's row and nothing else.
-- Its row's last_update is its started_at, inside its day, so the day's end bounds it; its user's
-- day is counted once the day is over, by the upkeep, in one aggregate (session_logs_count_day).
DROP TRIGGER "session_logs_inserted" ON "session_logs";--> statement-breakpoint
-- What stays in the writing transaction: a heartbeat batch, a breach or a refusal that moves a
-- row's last_update raises its day's bound, to the next whole hour (as 0024's).
CREATE OR REPLACE FUNCTION "session_logs_note_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "session_log_days" AS d
  SET "latest_update" = date_trunc('hour', n."latest", 'UTC') + interval '1 hour'
  FROM (SELECT ("started_at" AT TIME ZONE 'UTC')::date AS "day", max("last_update") AS "latest"
        FROM "new_rows" GROUP BY 1) AS n
  WHERE d."day" = n."day" AND (d."latest_update" IS NULL OR d."latest_update" < n."latest");
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row inserted with a last_update after its start is not an open (a late refusal or breach of an
-- older session): it may lie past its day's end, or in a day already counted, so it is counted and
-- bounds its day as every row did before. An open's insert only evaluates the WHEN.
CREATE FUNCTION "session_logs_note_late_row"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_log_user_days" AS u ("user_id", "day", "sessions")
  VALUES (NEW."user_id", (NEW."started_at" AT TIME ZONE 'UTC')::date, 1)
  ON CONFLICT ("user_id", "day") DO UPDATE SET "sessions" = u."sessions" + 1;
  UPDATE "session_log_days"
  SET "latest_update" = date_trunc('hour', NEW."last_update", 'UTC') + interval '1 hour'
  WHERE "day" = (NEW."started_at" AT TIME ZONE 'UTC')::date
    AND ("latest_update" IS NULL OR "latest_update" < NEW."last_update");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_logs_inserted_late" AFTER INSERT ON "session_logs"
FOR EACH ROW WHEN (NEW."last_update" > NEW."started_at") EXECUTE FUNCTION "session_logs_note_late_row"();--> statement-breakpoint
-- A day over: its users' days counted and its exact bound, from its rows, in one aggregate. The
-- SHARE lock waits for the writers of that partition still running (an open that began before
-- midnight) and holds new ones for the aggregate's length, so no row falls between the count and
-- the trigger above. Idempotent (the counts are replaced); false when the day has no partition.
CREATE FUNCTION "session_logs_count_day"("counted_day" date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  "partition" text := 'session_logs_p' || to_char("counted_day", 'YYYYMMDD');
  "latest" timestamptz;
BEGIN
  IF to_regclass('public.' || "partition") IS NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('LOCK TABLE public.%I IN SHARE MODE', "partition");
  DELETE FROM "session_log_user_days" WHERE "day" = "counted_day";
  EXECUTE format(
    'INSERT INTO session_log_user_days (user_id, day, sessions) SELECT user_id, %L::date, count(*) FROM public.%I GROUP BY user_id',
    "counted_day", "partition");
  EXECUTE format('SELECT max(last_update) FROM public.%I', "partition") INTO "latest";
  INSERT INTO "session_log_days" ("day", "latest_update", "users_counted")
  VALUES ("counted_day", "latest", true)
  ON CONFLICT ("day") DO UPDATE
  SET "latest_update" = greatest("session_log_days"."latest_update", excluded."latest_update"), "users_counted" = true;
  RETURN true;
END $$;--> statement-breakpoint
-- The days over before this migration were counted by 0024's trigger, row by row: they stay.
UPDATE "session_log_days" SET "users_counted" = true
WHERE "day" < ((now() - interval '1 hour') AT TIME ZONE 'UTC')::date;
