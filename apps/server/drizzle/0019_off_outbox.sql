CREATE TABLE "off_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"contribution_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"fields" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"app_uuid" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"fields_sent_at" timestamp with time zone,
	"photos_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "off_outbox_contribution_id_unique" UNIQUE("contribution_id")
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "off_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "off_app_uuid" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "off_outbox" ADD CONSTRAINT "off_outbox_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "off_outbox_state_next_idx" ON "off_outbox" USING btree ("state","next_attempt_at");