CREATE TABLE "tuf_metadata" (
	"role" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tuf_metadata_pkey" PRIMARY KEY("role","version"),
	CONSTRAINT "tuf_metadata_version_positive" CHECK ("tuf_metadata"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "tuf_target" text;