CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"promised_date" date,
	"promised_amount_cents" bigint,
	"note" text,
	"idempotency_key" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_agent_key" UNIQUE("agent_id","idempotency_key"),
	CONSTRAINT "visits_outcome_valid" CHECK ("visits"."outcome" in ('NOT_HOME', 'PROMISE', 'REFUSED')),
	CONSTRAINT "visits_promise_shape" CHECK (case when "visits"."outcome" = 'PROMISE'
        then "visits"."promised_date" is not null and "visits"."promised_amount_cents" is not null
        else "visits"."promised_date" is null and "visits"."promised_amount_cents" is null end),
	CONSTRAINT "visits_promised_amount_positive" CHECK ("visits"."promised_amount_cents" > 0),
	CONSTRAINT "visits_note_length" CHECK (char_length("visits"."note") <= 300),
	CONSTRAINT "visits_key_format" CHECK ("visits"."idempotency_key" ~ '^[A-Za-z0-9_-]{8,100}$')
);
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_loan_idx" ON "visits" USING btree ("loan_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_customer_idx" ON "visits" USING btree ("customer_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_promise_day_idx" ON "visits" USING btree ("promised_date","loan_id") WHERE "visits"."outcome" = 'PROMISE';