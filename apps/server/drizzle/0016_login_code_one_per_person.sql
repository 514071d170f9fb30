-- Issue 33: one sign-in code row per person, so the first code is created in one statement (INSERT … ON CONFLICT)
-- and two requests at once send the same code. Codes left by an earlier race keep only each person's newest.
DELETE FROM "login_codes" a USING "login_codes" b WHERE a."user_id" = b."user_id" AND a."id" < b."id";--> statement-breakpoint
DROP INDEX "login_codes_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "login_codes_user_idx" ON "login_codes" USING btree ("user_id");
