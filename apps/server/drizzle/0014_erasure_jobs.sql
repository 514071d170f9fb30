-- Hand-written header: erasure jobs (issue 33, item 8). An erasure commits its rows with one of these rows, which names
-- what files are left (the outbox mail naming the person, photos); the job is deleted once the files are gone, and
-- finished at the next start or on an admin's retry when a crash came in between. It keeps a digest, never the email.
CREATE TABLE "erasure_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_digest" text NOT NULL,
	"photo_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "erasure_jobs_subject_idx" ON "erasure_jobs" USING btree ("subject_digest");