CREATE TABLE "loan_write_offs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"days_past_due" integer NOT NULL,
	"reason" text NOT NULL,
	"written_off_on" date NOT NULL,
	"written_off_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_write_offs_loan_unique" UNIQUE("loan_id"),
	CONSTRAINT "loan_write_offs_amounts" CHECK ("loan_write_offs"."amount_cents" >= 0 and "loan_write_offs"."principal_cents" >= 0),
	CONSTRAINT "loan_write_offs_reason_length" CHECK (char_length("loan_write_offs"."reason") between 3 and 300)
);
--> statement-breakpoint
CREATE TABLE "write_off_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_days_past_due" integer DEFAULT 90 NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "write_off_settings_one_row" CHECK ("write_off_settings"."id" = 1),
	CONSTRAINT "write_off_settings_days" CHECK ("write_off_settings"."min_days_past_due" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "loans" DROP CONSTRAINT "loans_status_valid";--> statement-breakpoint
DROP INDEX "customers_status_order_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recovery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_written_off_by_users_id_fk" FOREIGN KEY ("written_off_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_write_offs_created_idx" ON "loan_write_offs" USING btree ("created_on","id");--> statement-breakpoint
CREATE INDEX "customers_status_order_idx" ON "customers" USING btree ((case "current_loan_status" when 'PENDING' then 5 when 'APPROVED' then 1 when 'ACTIVE' then 0 when 'PAID' then 6 when 'DELAYED' then 2 when 'CANCELLED' then 3 when 'WRITTEN_OFF' then 4 else 7 end),"id");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_status_valid" CHECK ("loans"."status" in ('PENDING', 'APPROVED', 'ACTIVE', 'PAID', 'DELAYED', 'CANCELLED', 'WRITTEN_OFF'));--> statement-breakpoint
-- The one row of the write-off policy, at its documented default (90 days past due).
INSERT INTO "write_off_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
