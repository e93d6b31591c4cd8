CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"num" integer GENERATED ALWAYS AS IDENTITY (sequence name "loans_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000 CACHE 1),
	"customer_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"term_weeks" integer DEFAULT 12 NOT NULL,
	"daily_fee_cents" bigint NOT NULL,
	"weekly_fee_cents" bigint NOT NULL,
	"interest_bp" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"loan_from_past" boolean DEFAULT false NOT NULL,
	"request_date" date NOT NULL,
	"bank_account_id" uuid,
	"approved_on" timestamp with time zone,
	"activated_on" timestamp with time zone,
	"current_real_amount_cents" bigint DEFAULT 0 NOT NULL,
	"current_balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_num_unique" UNIQUE("num"),
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount_cents" > 0),
	CONSTRAINT "loans_status_valid" CHECK ("loans"."status" in ('PENDING', 'APPROVED', 'ACTIVE', 'PAID', 'DELAYED', 'CANCELLED')),
	CONSTRAINT "loans_balances_valid" CHECK ("loans"."current_balance_cents" >= 0 and "loans"."current_real_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"payment_number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"concept" text NOT NULL,
	"paid_on" timestamp with time zone,
	CONSTRAINT "scheduled_payments_loan_number_unique" UNIQUE("loan_id","payment_number"),
	CONSTRAINT "scheduled_payments_amount_positive" CHECK ("scheduled_payments"."amount_cents" > 0),
	CONSTRAINT "scheduled_payments_status_valid" CHECK ("scheduled_payments"."status" in ('PENDING', 'DELAYED', 'PAID', 'VALIDATING', 'REJECTED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loans_customer_idx" ON "loans" USING btree ("customer_id","created_on");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_on");--> statement-breakpoint
CREATE INDEX "scheduled_payments_due_idx" ON "scheduled_payments" USING btree ("status","due_date");