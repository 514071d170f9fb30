ALTER TABLE "contributions" ADD COLUMN "is_liquid" boolean;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "readings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "completed_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;