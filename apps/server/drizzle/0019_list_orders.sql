DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "account_transactions_account_idx";--> statement-breakpoint
DROP INDEX "loans_status_idx";--> statement-breakpoint
DROP INDEX "payments_status_idx";--> statement-breakpoint
CREATE INDEX "customers_created_order_idx" ON "customers" USING btree ("created_on","id");--> statement-breakpoint
CREATE INDEX "customers_status_order_idx" ON "customers" USING btree ((case "current_loan_status" when 'PENDING' then 4 when 'APPROVED' then 1 when 'ACTIVE' then 0 when 'PAID' then 5 when 'DELAYED' then 2 when 'CANCELLED' then 3 else 6 end),"id");--> statement-breakpoint
CREATE INDEX "loans_created_order_idx" ON "loans" USING btree ("created_on","id");--> statement-breakpoint
CREATE INDEX "loans_amount_order_idx" ON "loans" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "payments_status_order_idx" ON "payments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payments_amount_order_idx" ON "payments" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "account_transactions_account_idx" ON "account_transactions" USING btree ("account_id","created_on","id");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_on","id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_on","id");