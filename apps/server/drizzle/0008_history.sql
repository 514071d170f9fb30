CREATE TABLE "history_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"via" text NOT NULL,
	"day" date NOT NULL,
	"viewed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "history_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "history_entries_user_product_day_idx" ON "history_entries" USING btree ("user_id","product_id","day");--> statement-breakpoint
CREATE INDEX "history_entries_user_viewed_idx" ON "history_entries" USING btree ("user_id","viewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_entries_viewed_idx" ON "history_entries" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "history_entries_product_idx" ON "history_entries" USING btree ("product_id");