CREATE INDEX "scheduled_payments_due_idx" ON "scheduled_payments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "visits_agent_idx" ON "visits" USING btree ("agent_id","visited_at");