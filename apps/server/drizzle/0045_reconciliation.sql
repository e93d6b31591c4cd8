CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"line_date" date NOT NULL,
	"direction" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"concept" text NOT NULL,
	"reference" text NOT NULL,
	"payment_id" uuid,
	"reconciled_by" uuid,
	"reconciled_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_fingerprint_unique" UNIQUE("bank_account_id","fingerprint"),
	CONSTRAINT "statement_lines_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "statement_lines_amount_positive" CHECK ("statement_lines"."amount_cents" > 0),
	CONSTRAINT "statement_lines_direction_valid" CHECK ("statement_lines"."direction" in ('CREDIT', 'DEBIT'))
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"header_rows" smallint NOT NULL,
	"date_column" text NOT NULL,
	"concept_column" text NOT NULL,
	"reference_column" text,
	"amount_column" text,
	"credit_column" text,
	"debit_column" text,
	"direction_column" text,
	"date_format" text NOT NULL,
	"decimal_separator" text NOT NULL,
	"match_window_days" smallint DEFAULT 3 NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "statement_mappings_account_unique" UNIQUE("bank_account_id"),
	CONSTRAINT "statement_mappings_window" CHECK ("statement_mappings"."match_window_days" between 0 and 15),
	CONSTRAINT "statement_mappings_header_rows" CHECK ("statement_mappings"."header_rows" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "statement_upload_lines" (
	"upload_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	CONSTRAINT "statement_upload_lines_upload_id_line_id_pk" PRIMARY KEY("upload_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "statement_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"line_count" integer NOT NULL,
	"new_lines" integer NOT NULL,
	"uploaded_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_reconciled_by_users_id_fk" FOREIGN KEY ("reconciled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_upload_lines" ADD CONSTRAINT "statement_upload_lines_upload_id_statement_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."statement_uploads"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_upload_lines" ADD CONSTRAINT "statement_upload_lines_line_id_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."statement_lines"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_uploads" ADD CONSTRAINT "statement_uploads_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_uploads" ADD CONSTRAINT "statement_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "statement_upload_lines_line_idx" ON "statement_upload_lines" USING btree ("line_id");
--> statement-breakpoint
CREATE INDEX "statement_uploads_account_idx" ON "statement_uploads" USING btree ("bank_account_id","created_on");
