CREATE TABLE "contribution_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"contribution_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "contribution_photos_file_unique" UNIQUE("file")
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"barcode" text NOT NULL,
	"user_id" integer,
	"ip_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text,
	"brand" text,
	"ingredients" text,
	"energy_kcal_100" real,
	"total_fat_g_100" real,
	"saturated_fat_g_100" real,
	"carbohydrates_g_100" real,
	"total_sugars_g_100" real,
	"fiber_g_100" real,
	"protein_g_100" real,
	"sodium_mg_100" real,
	"reject_reason" text,
	"product_id" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contribution_photos" ADD CONSTRAINT "contribution_photos_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contribution_photos_contribution_idx" ON "contribution_photos" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "contributions_status_created_idx" ON "contributions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contributions_user_created_idx" ON "contributions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contributions_ip_created_idx" ON "contributions" USING btree ("ip_hash","created_at");