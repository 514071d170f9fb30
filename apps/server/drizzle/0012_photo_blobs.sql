CREATE TABLE "photo_blobs" (
	"file" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- JPEGs do not compress: EXTERNAL keeps large values out of line without trying pglz on every write.
ALTER TABLE "photo_blobs" ALTER COLUMN "data" SET STORAGE EXTERNAL;
