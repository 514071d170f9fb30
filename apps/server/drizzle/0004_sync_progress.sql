ALTER TABLE "products" ADD COLUMN "listed_in_run" integer;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "progress" jsonb;