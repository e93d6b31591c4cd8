DROP INDEX "payments_loan_idx";--> statement-breakpoint
CREATE INDEX "payments_loan_idx" ON "payments" USING btree ("loan_id","status","decided_on");