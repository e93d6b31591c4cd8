CREATE TABLE "loan_restructurings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"reason" text NOT NULL,
	"fines_included" boolean NOT NULL,
	"weeks" integer NOT NULL,
	"closed_cents" bigint NOT NULL,
	"condoned_fines_cents" bigint NOT NULL,
	"included_fines_cents" bigint NOT NULL,
	"spread_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"first_payment_number" integer NOT NULL,
	"last_payment_number" integer NOT NULL,
	CONSTRAINT "loan_restructurings_loan_sequence_unique" UNIQUE("loan_id","sequence"),
	CONSTRAINT "loan_restructurings_sums_valid" CHECK ("loan_restructurings"."closed_cents" > 0 and "loan_restructurings"."spread_cents" = "loan_restructurings"."closed_cents" + "loan_restructurings"."included_fines_cents")
);
--> statement-breakpoint
ALTER TABLE "scheduled_payments" DROP CONSTRAINT "scheduled_payments_status_valid";--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_status_valid";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "restructure_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "restructured_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "restructured_by" uuid;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "restructured_principal_cents" bigint;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "restructured_weeks" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "restructured_last_number" integer;--> statement-breakpoint
ALTER TABLE "portfolio_tally" ADD COLUMN "restructured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_restructurings" ADD CONSTRAINT "loan_restructurings_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_restructurings" ADD CONSTRAINT "loan_restructurings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_restructured_by_users_id_fk" FOREIGN KEY ("restructured_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_payments" ADD CONSTRAINT "scheduled_payments_status_valid" CHECK ("scheduled_payments"."status" in ('PENDING', 'DELAYED', 'PAID', 'VALIDATING', 'REJECTED', 'CANCELLED', 'RESTRUCTURED'));--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_status_valid" CHECK ("fees"."status" in ('PENDING', 'ACTIVE', 'PAID', 'DELAYED', 'CANCELLED', 'VALIDATING', 'RESTRUCTURED'));
--> statement-breakpoint
-- Restructured loans in the portfolio tally: counted apart (its `restructured` key), and their principal
-- is the principal outstanding when restructured split over the new installments (domain
-- portfolio-risk.ts, the rule's home; test/support/report-tallies-invariant.ts holds the two equal).
CREATE FUNCTION "loan_portfolio_principal"(amount bigint, term integer, unpaid integer, last_number integer,
                                           r_principal bigint, r_weeks integer, r_last_number integer)
  RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN r_weeks IS NULL
              THEN loan_outstanding_principal(amount, term, unpaid, coalesce(last_number = term, false))
              ELSE loan_outstanding_principal(r_principal, r_weeks, unpaid, coalesce(last_number = r_last_number, false)) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_report_tallies_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (SELECT 1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number) AS principal_cents FROM new_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, restructured, oldest_unpaid_due_date, n, balance_cents, principal_cents)
      SELECT status, restructured, oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents), sum(sign * principal_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2, 3
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0 OR sum(sign * principal_cents) <> 0)
    INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
    SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
           CASE WHEN loan_from_past THEN request_date END, sum(sign), sum(sign * amount_cents)
      FROM changes WHERE activated_on IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changes AS (SELECT -1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number) AS principal_cents FROM old_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, restructured, oldest_unpaid_due_date, n, balance_cents, principal_cents)
      SELECT status, restructured, oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents), sum(sign * principal_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2, 3
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0 OR sum(sign * principal_cents) <> 0)
    INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
    SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
           CASE WHEN loan_from_past THEN request_date END, sum(sign), sum(sign * amount_cents)
      FROM changes WHERE activated_on IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0;
  ELSE
    WITH changes AS (SELECT 1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number) AS principal_cents FROM new_loans
      UNION ALL SELECT -1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number) AS principal_cents FROM old_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, restructured, oldest_unpaid_due_date, n, balance_cents, principal_cents)
      SELECT status, restructured, oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents), sum(sign * principal_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2, 3
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0 OR sum(sign * principal_cents) <> 0)
    INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
    SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
           CASE WHEN loan_from_past THEN request_date END, sum(sign), sum(sign * amount_cents)
      FROM changes WHERE activated_on IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_tallies_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM portfolio_tally;
  INSERT INTO portfolio_tally (status, restructured, oldest_unpaid_due_date, n, balance_cents, principal_cents)
  SELECT status, restructure_count > 0, oldest_unpaid_due_date, count(*), sum(current_balance_cents),
         sum(loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number,
                                      restructured_principal_cents, restructured_weeks, restructured_last_number))
    FROM loans WHERE status IN ('ACTIVE', 'DELAYED')
   GROUP BY 1, 2, 3;

  DELETE FROM delivery_tally;
  INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
  SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
         CASE WHEN loan_from_past THEN request_date END, count(*), sum(amount_cents)
    FROM loans WHERE activated_on IS NOT NULL
   GROUP BY 1, 2;

  DELETE FROM payment_status_tally;
  INSERT INTO payment_status_tally (status, n, amount_cents)
  SELECT status, count(*), sum(amount_cents) FROM payments GROUP BY status;

  DELETE FROM collection_tally;
  INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
  SELECT report_period(p.collected_at), coalesce(sum(i.installments), 0), coalesce(sum(i.fees), 0), count(*)
    FROM payments p
    LEFT JOIN (
      SELECT payment_id,
             sum(amount_cents) FILTER (WHERE scheduled_payment_id IS NOT NULL) AS installments,
             sum(amount_cents) FILTER (WHERE fee_id IS NOT NULL) AS fees
        FROM payment_items GROUP BY payment_id) i ON i.payment_id = p.id
   WHERE p.status = 'PAID'
   GROUP BY 1;
END
$$;
--> statement-breakpoint
SELECT report_tallies_rebuild();
