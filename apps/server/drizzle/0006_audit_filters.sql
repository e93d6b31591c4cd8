CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at");--> statement-breakpoint
CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_address_customer_idx" ON "audit_log" USING btree ((coalesce("after" ->> 'customerId', "before" ->> 'customerId'))) WHERE "audit_log"."entity" = 'address';