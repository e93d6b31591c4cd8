-- When a payment was collected (payments.collected_at): the phone's collectedAt for a collection sent
-- later, else the registration instant. It is the payment's business date: its 'Corte de caja' day
-- (payments_registered_by_idx) and its day in the reports' collections (collection_tally,
-- payments_loan_idx for an agent's live figures). Existing payments were collected when registered.
-- The update trigger is set aside while the column is filled (the figures are rebuilt below) and the
-- two indexes are built once the column holds its values.
DROP TRIGGER "payments_report_tallies_update" ON "payments";--> statement-breakpoint
DROP INDEX "payments_loan_idx";--> statement-breakpoint
DROP INDEX "payments_registered_by_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "collected_at" = "created_on";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "collected_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "collected_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_loan_idx" ON "payments" USING btree ("loan_id","status","collected_at");--> statement-breakpoint
CREATE INDEX "payments_registered_by_idx" ON "payments" USING btree ("registered_by","collected_at");--> statement-breakpoint
-- The confirmed collections are keyed by the 15-minute period of collected_at (was decided_on): a
-- payment collected on Monday and confirmed on Tuesday counts in Monday's collections.
CREATE OR REPLACE FUNCTION "payment_report_tallies_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (SELECT 1 AS sign, id, status, amount_cents, collected_at FROM new_payments),
    statuses AS (
      INSERT INTO payment_status_tally (status, n, amount_cents)
      SELECT status, sum(sign), sum(sign * amount_cents) FROM changes
       GROUP BY status HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0)
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(c.collected_at),
           coalesce(sum(c.sign * i.installments), 0), coalesce(sum(c.sign * i.fees), 0), sum(c.sign)
      FROM changes c
      LEFT JOIN LATERAL (
        SELECT sum(amount_cents) FILTER (WHERE scheduled_payment_id IS NOT NULL) AS installments,
               sum(amount_cents) FILTER (WHERE fee_id IS NOT NULL) AS fees
          FROM payment_items WHERE payment_id = c.id) i ON true
     WHERE c.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign) <> 0 OR sum(c.sign * i.installments) <> 0 OR sum(c.sign * i.fees) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changes AS (SELECT -1 AS sign, id, status, amount_cents, collected_at FROM old_payments),
    statuses AS (
      INSERT INTO payment_status_tally (status, n, amount_cents)
      SELECT status, sum(sign), sum(sign * amount_cents) FROM changes
       GROUP BY status HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0)
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(c.collected_at),
           coalesce(sum(c.sign * i.installments), 0), coalesce(sum(c.sign * i.fees), 0), sum(c.sign)
      FROM changes c
      LEFT JOIN LATERAL (
        SELECT sum(amount_cents) FILTER (WHERE scheduled_payment_id IS NOT NULL) AS installments,
               sum(amount_cents) FILTER (WHERE fee_id IS NOT NULL) AS fees
          FROM payment_items WHERE payment_id = c.id) i ON true
     WHERE c.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign) <> 0 OR sum(c.sign * i.installments) <> 0 OR sum(c.sign * i.fees) <> 0;
  ELSE
    WITH changes AS (SELECT 1 AS sign, * FROM (SELECT id, status, amount_cents, collected_at FROM new_payments EXCEPT SELECT id, status, amount_cents, collected_at FROM old_payments) entered
      UNION ALL
      SELECT -1, * FROM (SELECT id, status, amount_cents, collected_at FROM old_payments EXCEPT SELECT id, status, amount_cents, collected_at FROM new_payments) left_behind),
    statuses AS (
      INSERT INTO payment_status_tally (status, n, amount_cents)
      SELECT status, sum(sign), sum(sign * amount_cents) FROM changes
       GROUP BY status HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0)
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(c.collected_at),
           coalesce(sum(c.sign * i.installments), 0), coalesce(sum(c.sign * i.fees), 0), sum(c.sign)
      FROM changes c
      LEFT JOIN LATERAL (
        SELECT sum(amount_cents) FILTER (WHERE scheduled_payment_id IS NOT NULL) AS installments,
               sum(amount_cents) FILTER (WHERE fee_id IS NOT NULL) AS fees
          FROM payment_items WHERE payment_id = c.id) i ON true
     WHERE c.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign) <> 0 OR sum(c.sign * i.installments) <> 0 OR sum(c.sign * i.fees) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_item_collection_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(p.collected_at),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.scheduled_payment_id IS NOT NULL), 0),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.fee_id IS NOT NULL), 0), 0
      FROM (SELECT 1 AS sign, payment_id, scheduled_payment_id, fee_id, amount_cents FROM new_items) c
      JOIN payments p ON p.id = c.payment_id AND p.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign * c.amount_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(p.collected_at),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.scheduled_payment_id IS NOT NULL), 0),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.fee_id IS NOT NULL), 0), 0
      FROM (SELECT -1 AS sign, payment_id, scheduled_payment_id, fee_id, amount_cents FROM old_items) c
      JOIN payments p ON p.id = c.payment_id AND p.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign * c.amount_cents) <> 0;
  ELSE
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(p.collected_at),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.scheduled_payment_id IS NOT NULL), 0),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.fee_id IS NOT NULL), 0), 0
      FROM (SELECT 1 AS sign, payment_id, scheduled_payment_id, fee_id, amount_cents FROM new_items
            UNION ALL SELECT -1 AS sign, payment_id, scheduled_payment_id, fee_id, amount_cents FROM old_items) c
      JOIN payments p ON p.id = c.payment_id AND p.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign * c.amount_cents) <> 0;
  END IF;
  RETURN NULL;
END
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
CREATE TRIGGER "payments_report_tallies_update" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_report_tallies_changes();
--> statement-breakpoint
SELECT report_tallies_rebuild();
