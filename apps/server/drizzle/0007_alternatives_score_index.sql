-- "Mejores opciones" (ADR 015): the best scores of a shelf, solids and liquids apart, in index order. The new
-- (sub2category_id, …) index also serves what the one on sub2category_id alone did, so that one goes.
DROP INDEX "products_sub2category_idx";--> statement-breakpoint
CREATE INDEX "products_sub2category_score_idx" ON "products" USING btree ("sub2category_id","is_liquid","health_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_subcategory_score_idx" ON "products" USING btree ("subcategory_id","is_liquid","health_score" DESC NULLS LAST,"id");