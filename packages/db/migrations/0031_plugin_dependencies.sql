ALTER TABLE "plugins" ADD COLUMN "dependencies" jsonb DEFAULT '[]'::jsonb NOT NULL;
