-- Issue 33: a beta place is taken when the email is proven; until then the sign-up is 'pending' (24 h) with a digest
-- of the connection it came from for its first hour. The age band Ley 21.719 asks for is kept with the sign-up.
ALTER TABLE "signups" ADD COLUMN "age_band" text;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "pending_address" text;