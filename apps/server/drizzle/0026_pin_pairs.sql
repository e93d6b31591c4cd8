-- PIN counters are now per (number, loan) 'loan:<id>', per (number, address) 'ip:<address>' and the
-- burst count '*' that never locks. The old rows (unprefixed addresses, '*' locks of every address)
-- are short-lived (15 minutes to an hour) and do not fit the new scopes: forget them.
DELETE FROM "pin_lockouts";
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"scheduled_payment_ids" jsonb NOT NULL,
	"fee_ids" jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"file_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"authorised_by" uuid,
	"authorised_on" timestamp with time zone,
	"payment_id" uuid
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_authorised_by_users_id_fk" FOREIGN KEY ("authorised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_loan_status_idx" ON "payment_requests" USING btree ("loan_id","status");