-- What a shopper could buy instead (issue 26): every product's shelf family, never shown, used by "Mejores opciones".
-- Existing rows are filled from their shelf at the next start (bootstrapDatabase → syncSubstituteFamilies).
ALTER TABLE "products" ADD COLUMN "substitute_family" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_family_score_idx" ON "products" USING btree ("substitute_family","is_liquid","health_score" DESC NULLS LAST,"id");