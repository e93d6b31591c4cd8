CREATE TABLE "loan_payoffs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"quoted_on" date NOT NULL,
	"installments_cents" bigint NOT NULL,
	"fines_cents" bigint NOT NULL,
	"interest_not_due_cents" bigint NOT NULL,
	"discount_bp" integer NOT NULL,
	"discount_cents" bigint NOT NULL,
	"quote_cents" bigint NOT NULL,
	"renewal_loan_id" uuid,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_payoffs_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "loan_payoffs_sum" CHECK ("loan_payoffs"."quote_cents" = "loan_payoffs"."installments_cents" + "loan_payoffs"."fines_cents" - "loan_payoffs"."discount_cents"),
	CONSTRAINT "loan_payoffs_discount" CHECK ("loan_payoffs"."discount_cents" >= 0 and "loan_payoffs"."discount_cents" <= "loan_payoffs"."interest_not_due_cents")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_valid";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "renews_loan_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_payoffs" ADD CONSTRAINT "loan_payoffs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payoffs" ADD CONSTRAINT "loan_payoffs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payoffs" ADD CONSTRAINT "loan_payoffs_renewal_loan_id_loans_id_fk" FOREIGN KEY ("renewal_loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payoffs" ADD CONSTRAINT "loan_payoffs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_payoffs_loan_idx" ON "loan_payoffs" USING btree ("loan_id");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_renews_loan_id_loans_id_fk" FOREIGN KEY ("renews_loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loans_renews_idx" ON "loans" USING btree ("renews_loan_id");--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_discount_not_negative" CHECK ("payment_items"."discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" in ('ITEMS', 'ABONO', 'PAYOFF'));