-- The unique key first: the fees' composite foreign key needs it (drizzle-kit wrote it after).
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_id_loan_unique" UNIQUE("id","loan_id");--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_loan_id_loans_id_fk";
--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_scheduled_payment_id_scheduled_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_installment_loan_fk" FOREIGN KEY ("scheduled_payment_id","loan_id") REFERENCES "public"."scheduled_payments"("id","loan_id") ON DELETE no action ON UPDATE no action;
