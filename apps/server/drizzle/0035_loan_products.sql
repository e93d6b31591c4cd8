CREATE TABLE "loan_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"term_weeks" integer NOT NULL,
	"interest_bp" integer NOT NULL,
	"daily_fee_cents" bigint NOT NULL,
	"late_fee_cap_bp" integer NOT NULL,
	"min_amount_cents" bigint NOT NULL,
	"max_amount_cents" bigint NOT NULL,
	"renewal_threshold" integer NOT NULL,
	"payoff_discount_bp" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_terms_valid" CHECK ("loan_products"."term_weeks" between 1 and 104
        and "loan_products"."interest_bp" between 0 and 20000
        and "loan_products"."daily_fee_cents" between 0 and 1000000
        and "loan_products"."late_fee_cap_bp" between 0 and 10000
        and "loan_products"."payoff_discount_bp" between 0 and 10000),
	CONSTRAINT "loan_products_amounts_valid" CHECK ("loan_products"."min_amount_cents" >= 10000
        and "loan_products"."max_amount_cents" <= 1000000000
        and "loan_products"."min_amount_cents" <= "loan_products"."max_amount_cents"),
	CONSTRAINT "loan_products_renewal_valid" CHECK ("loan_products"."renewal_threshold" between 1 and "loan_products"."term_weeks")
);
--> statement-breakpoint
-- The specification's product (packages/domain loan-product.ts SPEC_PRODUCT_TERMS): 12 weekly
-- installments, 20 % flat, $50 a day, late fees capped at 10 % of the amount, $100 to $50,000,
-- renewal after 8 installments paid, no early-payoff discount. Every existing loan is one of it.
INSERT INTO "loan_products" ("id", "name", "term_weeks", "interest_bp", "daily_fee_cents", "late_fee_cap_bp",
  "min_amount_cents", "max_amount_cents", "renewal_threshold", "payoff_discount_bp", "active")
VALUES ('01900000-0000-7000-8000-00000000a001', 'Semanal 12', 12, 2000, 5000, 1000, 10000, 5000000, 8, 0, true);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "product_id" uuid DEFAULT '01900000-0000-7000-8000-00000000a001' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "late_fee_cap_bp" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "renewal_threshold" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "payoff_discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_name_unique" ON "loan_products" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;