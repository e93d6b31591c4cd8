CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_sha256_hex" CHECK ("stored_files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "stored_files_size_matches" CHECK ("stored_files"."size_bytes" = octet_length("stored_files"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "payment_attachments" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attachments" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_attachments" ADD CONSTRAINT "payment_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attachments" ADD CONSTRAINT "payment_attachments_file_id_unique" UNIQUE("file_id");--> statement-breakpoint
ALTER TABLE "payment_attachments" ADD CONSTRAINT "payment_attachments_has_bytes" CHECK ("payment_attachments"."file_id" is not null or "payment_attachments"."storage_key" is not null);