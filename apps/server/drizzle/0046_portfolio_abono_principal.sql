ALTER TABLE "loans" ADD COLUMN "abono_principal_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- What partial payments ('Abono') paid of a still-unpaid installment is no longer outstanding principal
-- in the proportion of that installment's principal to its amount (domain portfolio-risk.ts
-- abonoPrincipalCents and installmentPrincipalCents, the rule's home; test/support/
-- report-tallies-invariant.ts holds them equal). The loan keeps Σ of those parts over its unpaid
-- installments beside its other unpaid figures, and the portfolio tally takes it off the principal.
-- Principal of installment `num` of a schedule of `amount` over `term` whose last installment is
-- `last_number`: ⌊amount ÷ term⌋, the last one absorbing the remainder.
CREATE FUNCTION "loan_installment_principal"(amount bigint, term integer, last_number integer, num integer)
  RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN num = last_number THEN amount - (amount / term) * (term - 1) ELSE amount / term END
$$;
--> statement-breakpoint
-- Principal part of `paid` of an installment of `amount` whose principal is `principal`, rounded down.
CREATE FUNCTION "installment_abono_principal"(paid bigint, amount bigint, principal bigint)
  RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN paid <= 0 OR amount <= 0 THEN 0::bigint ELSE least(paid, amount) * principal / amount END
$$;
--> statement-breakpoint
CREATE FUNCTION "loan_portfolio_principal"(amount bigint, term integer, unpaid integer, last_number integer,
                                           r_principal bigint, r_weeks integer, r_last_number integer,
                                           abono_principal bigint)
  RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(0::bigint, CASE WHEN r_weeks IS NULL
              THEN loan_outstanding_principal(amount, term, unpaid, coalesce(last_number = term, false))
              ELSE loan_outstanding_principal(r_principal, r_weeks, unpaid, coalesce(last_number = r_last_number, false)) END
         - abono_principal)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_unpaid_figures_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET unpaid_installments = f.unpaid, last_unpaid_number = f.last_number, oldest_unpaid_due_date = f.oldest,
         abono_principal_cents = f.abono
    FROM (
      SELECT t.loan_id, count(sp.id)::int AS unpaid, max(sp.payment_number) AS last_number,
             min(sp.due_date) AS oldest,
             coalesce(sum(installment_abono_principal(sp.paid_cents, sp.amount_cents,
               loan_installment_principal(coalesce(k.restructured_principal_cents, k.amount_cents),
                                          coalesce(k.restructured_weeks, k.term_weeks),
                                          coalesce(k.restructured_last_number, k.term_weeks), sp.payment_number))), 0)::bigint AS abono
        FROM (SELECT DISTINCT unnest(ids) AS loan_id) t
        JOIN loans k ON k.id = t.loan_id
        LEFT JOIN scheduled_payments sp
          ON sp.loan_id = t.loan_id AND sp.status IN ('PENDING', 'DELAYED', 'VALIDATING')
       GROUP BY t.loan_id) f
   WHERE l.id = f.loan_id
     AND (l.unpaid_installments, l.last_unpaid_number, l.oldest_unpaid_due_date, l.abono_principal_cents)
         IS DISTINCT FROM (f.unpaid, f.last_number, f.oldest, f.abono);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_unpaid_figures_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET unpaid_installments = coalesce(f.unpaid, 0), last_unpaid_number = f.last_number,
         oldest_unpaid_due_date = f.oldest, abono_principal_cents = coalesce(f.abono, 0)
    FROM loans k
    LEFT JOIN (
      SELECT sp.loan_id, count(*)::int AS unpaid, max(sp.payment_number) AS last_number, min(sp.due_date) AS oldest,
             sum(installment_abono_principal(sp.paid_cents, sp.amount_cents,
               loan_installment_principal(coalesce(j.restructured_principal_cents, j.amount_cents),
                                          coalesce(j.restructured_weeks, j.term_weeks),
                                          coalesce(j.restructured_last_number, j.term_weeks), sp.payment_number)))::bigint AS abono
        FROM scheduled_payments sp
        JOIN loans j ON j.id = sp.loan_id
       WHERE sp.status IN ('PENDING', 'DELAYED', 'VALIDATING')
       GROUP BY sp.loan_id) f ON f.loan_id = k.id
   WHERE l.id = k.id
     AND (l.unpaid_installments, l.last_unpaid_number, l.oldest_unpaid_due_date, l.abono_principal_cents)
         IS DISTINCT FROM (coalesce(f.unpaid, 0), f.last_number, f.oldest, coalesce(f.abono, 0));
$$;
--> statement-breakpoint
-- The loans of the installments a statement inserted or deleted, or whose unpaid-ness it changed, and
-- now also of unpaid rows with a paid part (a confirmed abono changes paid_cents of an installment that
-- stays unpaid); rows with nothing paid that stay unpaid still cost only the filter.
CREATE OR REPLACE FUNCTION "scheduled_payments_unpaid_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM new_installments);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM old_installments);
  ELSE
    ids := ARRAY(
      SELECT loan_id FROM new_installments WHERE status NOT IN ('PENDING', 'DELAYED', 'VALIDATING') OR paid_cents > 0
      UNION
      SELECT loan_id FROM old_installments WHERE status NOT IN ('PENDING', 'DELAYED', 'VALIDATING') OR paid_cents > 0);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM loan_unpaid_figures_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loan_report_tallies_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (SELECT 1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number, abono_principal_cents) AS principal_cents FROM new_loans),
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
    WITH changes AS (SELECT -1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number, abono_principal_cents) AS principal_cents FROM old_loans),
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
    WITH changes AS (SELECT 1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number, abono_principal_cents) AS principal_cents FROM new_loans
      UNION ALL SELECT -1 AS sign, status, restructure_count > 0 AS restructured, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date, amount_cents, loan_portfolio_principal(amount_cents, term_weeks, unpaid_installments, last_unpaid_number, restructured_principal_cents, restructured_weeks, restructured_last_number, abono_principal_cents) AS principal_cents FROM old_loans),
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
                                      restructured_principal_cents, restructured_weeks, restructured_last_number,
                                      abono_principal_cents))
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
DROP FUNCTION "loan_portfolio_principal"(bigint, integer, integer, integer, bigint, integer, integer);
--> statement-breakpoint
-- The loans already there, then the tallies from them (the loans' update above already moved the
-- portfolio tally through its trigger; the rebuild makes it exact whatever it held).
SELECT loan_unpaid_figures_rebuild();
--> statement-breakpoint
SELECT report_tallies_rebuild();
