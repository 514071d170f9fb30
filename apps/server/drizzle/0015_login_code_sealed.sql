-- Issue 33, item 2: a live sign-in code kept sealed (AES-256-GCM, key from COOKIE_SECRET) so a new request resends it
-- instead of cancelling the code in the person's inbox.
ALTER TABLE "login_codes" ADD COLUMN "code_sealed" text;