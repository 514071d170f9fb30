ALTER TABLE "contributions" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "published_image" jsonb;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "reverted_at" timestamp with time zone;