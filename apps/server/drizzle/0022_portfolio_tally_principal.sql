-- The portfolio tally keyed by (status, oldest unpaid due date) only, with Σ outstanding principal
-- beside Σ balance: its rows no longer multiply with the variety of amounts, terms and unpaid counts
-- (11,583 rows at 100,000 customers, 2,595 at 10,000; the Dashboard's portfolio grew ×1.8 with them).
-- The rows are rebuilt from the loans below.
DELETE FROM "portfolio_tally";--> statement-breakpoint
ALTER TABLE "portfolio_tally" ADD COLUMN "principal_cents" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_tally" DROP COLUMN "amount_cents";--> statement-breakpoint
ALTER TABLE "portfolio_tally" DROP COLUMN "term_weeks";--> statement-breakpoint
ALTER TABLE "portfolio_tally" DROP COLUMN "unpaid_installments";--> statement-breakpoint
ALTER TABLE "portfolio_tally" DROP COLUMN "last_installment_unpaid";--> statement-breakpoint
-- Outstanding principal of one loan: domain/portfolio-risk.ts outstandingPrincipalCents, the rule's
-- home, in SQL for the triggers (⌊amount ÷ term⌋ per unpaid installment, the last one carrying the
-- remainder). test/support/report-tallies-invariant.ts holds the two equal after every kind of write.
CREATE FUNCTION "loan_outstanding_principal"(amount bigint, term integer, unpaid integer, last_unpaid boolean)
  RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN unpaid = 0 THEN 0::bigint
              WHEN last_unpaid THEN (unpaid - 1) * (amount / term) + (amount - (amount / term) * (term - 1))
              ELSE unpaid * (amount / term) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_tallies_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM portfolio_tally;
  INSERT INTO portfolio_tally (status, oldest_unpaid_due_date, n, balance_cents, principal_cents)
  SELECT status, oldest_unpaid_due_date, count(*), sum(current_balance_cents),
         sum(loan_outstanding_principal(amount_cents, term_weeks, unpaid_installments,
                                        coalesce(last_unpaid_number = term_weeks, false)))
    FROM loans WHERE status IN ('ACTIVE', 'DELAYED')
   GROUP BY 1, 2;

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
  SELECT report_period(p.decided_on), coalesce(sum(i.installments), 0), coalesce(sum(i.fees), 0), count(*)
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
CREATE OR REPLACE FUNCTION "loan_report_tallies_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (SELECT 1 AS sign, status, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_outstanding_principal(amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false)) AS principal_cents FROM new_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, oldest_unpaid_due_date, n, balance_cents, principal_cents)
      SELECT status, oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents), sum(sign * principal_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0 OR sum(sign * principal_cents) <> 0)
    INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
    SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
           CASE WHEN loan_from_past THEN request_date END, sum(sign), sum(sign * amount_cents)
      FROM changes WHERE activated_on IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changes AS (SELECT -1 AS sign, status, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_outstanding_principal(amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false)) AS principal_cents FROM old_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, oldest_unpaid_due_date, n, balance_cents, principal_cents)
      SELECT status, oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents), sum(sign * principal_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0 OR sum(sign * principal_cents) <> 0)
    INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
    SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
           CASE WHEN loan_from_past THEN request_date END, sum(sign), sum(sign * amount_cents)
      FROM changes WHERE activated_on IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0;
  ELSE
    WITH changes AS (SELECT 1 AS sign, status, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_outstanding_principal(amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false)) AS principal_cents FROM new_loans
      UNION ALL SELECT -1 AS sign, status, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_outstanding_principal(amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false)) AS principal_cents FROM old_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, oldest_unpaid_due_date, n, balance_cents, principal_cents)
      SELECT status, oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents), sum(sign * principal_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2
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
SELECT report_tallies_rebuild();
