CREATE TABLE "session_log_days" (
	"day" date PRIMARY KEY NOT NULL,
	"latest_update" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_log_user_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "session_log_user_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "session_log_user_days" ADD CONSTRAINT "session_log_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_log_user_days_day_idx" ON "session_log_user_days" USING btree ("day");--> statement-breakpoint
-- Written by hand from here (decision 0049): what Drizzle cannot declare.
-- The page's indexes also carry started_at, so a page that names the partitions it needs (a
-- started_at range: pruned at planning) still reads its indexes only.
DROP INDEX "session_logs_last_update_session_id_idx";--> statement-breakpoint
CREATE INDEX "session_logs_last_update_session_id_idx" ON "session_logs" USING btree ("last_update" DESC NULLS FIRST, "session_id" DESC NULLS FIRST) INCLUDE ("started_at", "user_id", "plugin_name", "exceeded");--> statement-breakpoint
DROP INDEX "session_logs_user_id_last_update_idx";--> statement-breakpoint
CREATE INDEX "session_logs_user_id_last_update_idx" ON "session_logs" USING btree ("user_id", "last_update" DESC NULLS FIRST, "session_id" DESC NULLS FIRST) INCLUDE ("started_at", "plugin_name", "exceeded");--> statement-breakpoint
-- Every write of session_logs through the table keeps its day's bound and its users' days and
-- counts, in the writing transaction (rows are never deleted one by one: a day goes whole, a user
-- with all their days). The bound only moves when a row beats it, to the next whole hour, so a
-- write takes the day row's lock about once an hour, not on every open.
CREATE FUNCTION "session_logs_note_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "session_log_user_days" AS u ("user_id", "day", "sessions")
    SELECT "user_id", ("started_at" AT TIME ZONE 'UTC')::date, count(*) FROM "new_rows" GROUP BY 1, 2
    ON CONFLICT ("user_id", "day") DO UPDATE SET "sessions" = u."sessions" + excluded."sessions";
  END IF;
  UPDATE "session_log_days" AS d
  SET "latest_update" = date_trunc('hour', n."latest", 'UTC') + interval '1 hour'
  FROM (SELECT ("started_at" AT TIME ZONE 'UTC')::date AS "day", max("last_update") AS "latest"
        FROM "new_rows" GROUP BY 1) AS n
  WHERE d."day" = n."day" AND (d."latest_update" IS NULL OR d."latest_update" < n."latest");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_logs_inserted" AFTER INSERT ON "session_logs"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "session_logs_note_rows"();--> statement-breakpoint
CREATE TRIGGER "session_logs_updated" AFTER UPDATE ON "session_logs"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "session_logs_note_rows"();--> statement-breakpoint
-- As 0020's, and a new day's bound row (null: no row yet).
CREATE OR REPLACE FUNCTION "session_logs_create_partitions"("first_day" date, "last_day" date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  "next_day" date := "first_day";
  "partition" text;
  "created" integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(7245118020);
  WHILE "next_day" <= "last_day" LOOP
    "partition" := 'session_logs_p' || to_char("next_day", 'YYYYMMDD');
    IF to_regclass('public.' || "partition") IS NULL THEN
      EXECUTE format(
        'CREATE TABLE IF NOT EXISTS public.%I PARTITION OF public.session_logs FOR VALUES FROM (%L) TO (%L)',
        "partition", "next_day"::text || ' 00:00:00+00', ("next_day" + 1)::text || ' 00:00:00+00');
      INSERT INTO "session_log_days" ("day", "latest_update")
      VALUES ("next_day", NULL)
      ON CONFLICT ("day") DO UPDATE SET "latest_update" = NULL;
      "created" := "created" + 1;
    END IF;
    "next_day" := "next_day" + 1;
  END LOOP;
  RETURN "created";
END $$;--> statement-breakpoint
-- As 0020's, and the dropped days' bounds and user days go with them.
CREATE OR REPLACE FUNCTION "session_logs_drop_partitions_before"("first_kept_day" date) RETURNS integer
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
  DELETE FROM "session_log_days" WHERE "day" < "first_kept_day";
  DELETE FROM "session_log_user_days" WHERE "day" < "first_kept_day";
  RETURN "dropped";
END $$;--> statement-breakpoint
-- The partitions and rows that exist: each day's newest update (null when empty) and the days of
-- each user, counted.
INSERT INTO "session_log_days" ("day", "latest_update")
SELECT p."day", r."latest"
FROM (SELECT to_date(substring(c.relname FROM 15), 'YYYYMMDD') AS "day"
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'public.session_logs'::regclass AND c.relname ~ '^session_logs_p[0-9]{8}$') AS p
LEFT JOIN (SELECT ("started_at" AT TIME ZONE 'UTC')::date AS "day", max("last_update") AS "latest"
           FROM "session_logs" GROUP BY 1) AS r USING ("day");--> statement-breakpoint
INSERT INTO "session_log_user_days" ("user_id", "day", "sessions")
SELECT "user_id", ("started_at" AT TIME ZONE 'UTC')::date, count(*) FROM "session_logs" GROUP BY 1, 2;
