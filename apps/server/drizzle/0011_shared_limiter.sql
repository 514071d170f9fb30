-- UNLOGGED: no WAL for counters that only matter for a minute or an hour (ADR 021: a take costs about half as
-- much); after a crash of the database server the table starts empty, which forgives every limit once.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint[] NOT NULL,
	"last_granted" boolean NOT NULL,
	"blocked_until_ms" bigint NOT NULL,
	"updated_at_ms" bigint NOT NULL,
	"expires_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at_ms");