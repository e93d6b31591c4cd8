CREATE TABLE "fees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"scheduled_payment_id" uuid NOT NULL,
	"fee_date" date NOT NULL,
	"concept" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_on" timestamp with time zone,
	"cancelled_by" uuid,
	CONSTRAINT "fees_installment_day_unique" UNIQUE("scheduled_payment_id","fee_date"),
	CONSTRAINT "fees_amount_positive" CHECK ("fees"."amount_cents" > 0),
	CONSTRAINT "fees_status_valid" CHECK ("fees"."status" in ('PENDING', 'ACTIVE', 'PAID', 'DELAYED', 'CANCELLED', 'VALIDATING'))
);
--> statement-breakpoint
CREATE TABLE "payment_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"scheduled_payment_id" uuid,
	"fee_id" uuid,
	"concept" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payment_items_one_target" CHECK (("payment_items"."scheduled_payment_id" is null) <> ("payment_items"."fee_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'VALIDATING' NOT NULL,
	"payment_method" text NOT NULL,
	"channel" text DEFAULT 'STAFF' NOT NULL,
	"registered_by" uuid,
	"bank_account_id" uuid,
	"decided_by" uuid,
	"decided_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('PAID', 'VALIDATING', 'REJECTED', 'CANCELLED')),
	CONSTRAINT "payments_method_valid" CHECK ("payments"."payment_method" in ('CASH', 'TRANSFER'))
);
--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_scheduled_payment_id_scheduled_payments_id_fk" FOREIGN KEY ("scheduled_payment_id") REFERENCES "public"."scheduled_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attachments" ADD CONSTRAINT "payment_attachments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_scheduled_payment_id_scheduled_payments_id_fk" FOREIGN KEY ("scheduled_payment_id") REFERENCES "public"."scheduled_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_loan_idx" ON "fees" USING btree ("loan_id","status");--> statement-breakpoint
CREATE INDEX "payment_attachments_payment_idx" ON "payment_attachments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_items_payment_idx" ON "payment_items" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_items_installment_idx" ON "payment_items" USING btree ("scheduled_payment_id");--> statement-breakpoint
CREATE INDEX "payment_items_fee_idx" ON "payment_items" USING btree ("fee_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_on");--> statement-breakpoint
CREATE INDEX "payments_loan_idx" ON "payments" USING btree ("loan_id","created_on");