ALTER TABLE "products" ADD COLUMN "is_liquid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until the next sync reads OFF's word (per 100 mL, quantity in mL), a product is a liquid as the analysis used to
-- assume: a Nutri-Score beverage.
UPDATE "products" SET "is_liquid" = true WHERE "nutriscore_category" = 'beverage';
