ALTER TABLE "scheduled_payments" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "remaining_after_cents" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'ITEMS' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_parts_valid" CHECK ("scheduled_payments"."paid_cents" >= 0 and "scheduled_payments"."held_cents" >= 0);--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_parts_valid" CHECK ("fees"."paid_cents" >= 0 and "fees"."held_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" in ('ITEMS', 'ABONO'));--> statement-breakpoint
-- Items paid or held before abonos existed were paid or held whole by one payment.
UPDATE "scheduled_payments" SET "paid_cents" = "amount_cents" WHERE "status" = 'PAID';--> statement-breakpoint
UPDATE "scheduled_payments" SET "held_cents" = "amount_cents" WHERE "status" = 'VALIDATING';--> statement-breakpoint
UPDATE "fees" SET "paid_cents" = "amount_cents" WHERE "status" = 'PAID';--> statement-breakpoint
UPDATE "fees" SET "held_cents" = "amount_cents" WHERE "status" = 'VALIDATING';--> statement-breakpoint
UPDATE "payment_items" SET "remaining_after_cents" = 0;
