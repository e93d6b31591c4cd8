CREATE TABLE "cash_counts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"expected_cents" bigint NOT NULL,
	"counted_cents" bigint NOT NULL,
	"difference_cents" bigint NOT NULL,
	"kind" text,
	"denominations" jsonb,
	"note" text,
	"bank_account_id" uuid NOT NULL,
	"confirmed_count" integer NOT NULL,
	"closed_by" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_counts_agent_day_unique" UNIQUE("agent_id","business_date"),
	CONSTRAINT "cash_counts_amounts_valid" CHECK ("cash_counts"."expected_cents" >= 0 and "cash_counts"."counted_cents" >= 0),
	CONSTRAINT "cash_counts_difference_valid" CHECK ("cash_counts"."difference_cents" = "cash_counts"."counted_cents" - "cash_counts"."expected_cents"),
	CONSTRAINT "cash_counts_kind_valid" CHECK (("cash_counts"."kind" is null and "cash_counts"."difference_cents" = 0)
        or ("cash_counts"."kind" = 'FALTANTE' and "cash_counts"."difference_cents" < 0)
        or ("cash_counts"."kind" = 'SOBRANTE' and "cash_counts"."difference_cents" > 0)),
	CONSTRAINT "cash_counts_note_on_difference" CHECK ("cash_counts"."difference_cents" = 0 or length(btrim(coalesce("cash_counts"."note", ''))) > 0),
	CONSTRAINT "cash_counts_kinds" CHECK ("cash_counts"."kind" is null or "cash_counts"."kind" in ('FALTANTE', 'SOBRANTE'))
);
--> statement-breakpoint
ALTER TABLE "cash_counts" ADD CONSTRAINT "cash_counts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_counts" ADD CONSTRAINT "cash_counts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_counts" ADD CONSTRAINT "cash_counts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;