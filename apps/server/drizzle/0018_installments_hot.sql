DROP INDEX "scheduled_payments_due_idx";--> statement-breakpoint
-- Room in each page for a new version of its rows, so a status change stays in the page (a HOT update,
-- no index writes). Pages written from now on keep 10 % free; rows already stored move to such pages as
-- they are updated (or at once with VACUUM FULL scheduled_payments, outside a migration).
ALTER TABLE "scheduled_payments" SET (fillfactor = 90);
