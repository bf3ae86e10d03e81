CREATE TABLE "plugin_changelog_notes" (
	"plugin_id" integer NOT NULL,
	"version" text NOT NULL,
	"notes" text NOT NULL,
	CONSTRAINT "plugin_changelog_notes_pkey" PRIMARY KEY("plugin_id","version")
);
--> statement-breakpoint
CREATE TABLE "plugin_screenshots" (
	"plugin_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"image_sha256" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"thumb_sha256" text NOT NULL,
	"thumb_width" integer NOT NULL,
	"thumb_height" integer NOT NULL,
	CONSTRAINT "plugin_screenshots_pkey" PRIMARY KEY("plugin_id","position"),
	CONSTRAINT "plugin_screenshots_image_sha256_format" CHECK ("plugin_screenshots"."image_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "plugin_screenshots_thumb_sha256_format" CHECK ("plugin_screenshots"."thumb_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "plugin_videos" (
	"plugin_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plugin_changelog_notes" ADD CONSTRAINT "plugin_changelog_notes_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_screenshots" ADD CONSTRAINT "plugin_screenshots_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_videos" ADD CONSTRAINT "plugin_videos_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_screenshots_image_sha256_idx" ON "plugin_screenshots" USING btree ("image_sha256");--> statement-breakpoint
CREATE INDEX "plugin_screenshots_thumb_sha256_idx" ON "plugin_screenshots" USING btree ("thumb_sha256");