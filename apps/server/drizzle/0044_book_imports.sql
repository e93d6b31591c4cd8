CREATE TABLE "book_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_id" uuid NOT NULL,
	"status" text DEFAULT 'CHECKED' NOT NULL,
	"mode" text,
	"total_rows" integer NOT NULL,
	"valid_rows" integer NOT NULL,
	"rejected_rows" integer NOT NULL,
	"already_imported" integer NOT NULL,
	"new_customers" integer NOT NULL,
	"new_loans" integer NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem_count" integer NOT NULL,
	"imported_customers" integer DEFAULT 0 NOT NULL,
	"imported_loans" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"run_by" uuid,
	"finished_on" timestamp with time zone,
	CONSTRAINT "book_imports_status_valid" CHECK ("book_imports"."status" in ('CHECKED', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "book_import_rows" (
	"external_id" text PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"loan_id" uuid,
	"installments_paid" integer DEFAULT 0 NOT NULL,
	"partial_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_import_rows" ADD CONSTRAINT "book_import_rows_import_id_book_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."book_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_import_rows" ADD CONSTRAINT "book_import_rows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_import_rows" ADD CONSTRAINT "book_import_rows_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_imports" ADD CONSTRAINT "book_imports_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_import_rows_import_idx" ON "book_import_rows" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "book_import_rows_loan_idx" ON "book_import_rows" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "book_imports_created_idx" ON "book_imports" USING btree ("created_on","id");
