ALTER TABLE "additives" ADD COLUMN "edited_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows an admin created or edited before this column existed are known from the audit log.
UPDATE "additives" SET "edited_by_admin" = true WHERE "id"::text IN (SELECT "entity_id" FROM "audit_log" WHERE "entity" = 'additive' AND "action" IN ('additive.create', 'additive.update'));
