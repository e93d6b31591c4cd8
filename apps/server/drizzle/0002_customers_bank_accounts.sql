CREATE TABLE "account_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"operation_type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"initial_balance_cents" bigint NOT NULL,
	"initial_real_balance_cents" bigint NOT NULL,
	"end_balance_cents" bigint NOT NULL,
	"end_real_balance_cents" bigint NOT NULL,
	"reason" text,
	"loan_id" uuid,
	"payment_id" uuid,
	"created_by" uuid,
	CONSTRAINT "account_transactions_amount_positive" CHECK ("account_transactions"."amount_cents" > 0),
	CONSTRAINT "account_transactions_type_valid" CHECK ("account_transactions"."operation_type" in ('PAYMENT_DEPOSIT', 'WITHDRAWAL', 'VIRTUAL_WITHDRAWAL', 'MANUAL_WITHDRAWAL', 'DEPOSIT', 'RELEASE'))
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bank_name" text NOT NULL,
	"card_number" text,
	"clabe" text,
	"customer_name" text NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"real_balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_balances_valid" CHECK ("bank_accounts"."balance_cents" >= 0 and "bank_accounts"."real_balance_cents" >= "bank_accounts"."balance_cents")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"street" text NOT NULL,
	"num_exterior" text NOT NULL,
	"num_interior" text,
	"neighborhood" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_postal_code_5_digits" CHECK ("addresses"."postal_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"num" integer GENERATED ALWAYS AS IDENTITY (sequence name "customers_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"second_last_name" text,
	"phone" text NOT NULL,
	"curp" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"agent_id" uuid,
	"search_text" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_num_unique" UNIQUE("num"),
	CONSTRAINT "customers_curp_unique" UNIQUE("curp"),
	CONSTRAINT "customers_phone_10_digits" CHECK ("customers"."phone" ~ '^[0-9]{10}$'),
	CONSTRAINT "customers_curp_18_upper" CHECK (char_length("customers"."curp") = 18 and "customers"."curp" = upper("customers"."curp"))
);
--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_transactions_account_idx" ON "account_transactions" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_transactions_loan_idx" ON "account_transactions" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "account_transactions_payment_idx" ON "account_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_agent_idx" ON "customers" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);