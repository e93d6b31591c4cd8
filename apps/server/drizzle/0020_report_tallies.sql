CREATE TABLE "collection_tally" (
	"period_start" timestamp with time zone NOT NULL,
	"installments_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"payments" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_tally" (
	"period_start" timestamp with time zone,
	"request_day" date,
	"loans" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_status_tally" (
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_tally" (
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"term_weeks" integer NOT NULL,
	"unpaid_installments" integer NOT NULL,
	"last_installment_unpaid" boolean NOT NULL,
	"oldest_unpaid_due_date" date,
	"n" bigint NOT NULL,
	"balance_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "unpaid_installments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "last_unpaid_number" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "oldest_unpaid_due_date" date;--> statement-breakpoint
CREATE INDEX "collection_tally_period_idx" ON "collection_tally" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "delivery_tally_period_idx" ON "delivery_tally" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "delivery_tally_request_day_idx" ON "delivery_tally" USING btree ("request_day");--> statement-breakpoint
-- The Dashboard reports read tallies instead of every loan and payment (docs/performance.md "Dashboard
-- reports: tallies"). Like loan_status_tally: statement-level AFTER triggers with transition tables
-- append signed delta rows, whatever code wrote the rows (services, the accrual, the demo, bulk loads);
-- readers sum a handful of rows; the daily job folds them (modules/reports/fold.ts).
--
-- Business days: a trigger cannot know TZ_BUSINESS (an environment variable of the servers), so
-- instants are keyed by the 15-minute UTC period they fall in and the reader turns periods into
-- business days. That is exact: every zone's UTC offset, and so every local midnight and every
-- daylight-saving change, falls on a quarter hour, so a period never straddles two business days.
CREATE FUNCTION "report_period"(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
$$;
--> statement-breakpoint
-- A loan's unpaid installments (PENDING, DELAYED, VALIDATING: owed until confirmed, as in
-- domain/loan-balance.ts) summed up on the loan row: how many, the highest number, the earliest due
-- date. Writes only the loans whose figures change.
CREATE FUNCTION "loan_unpaid_figures_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET unpaid_installments = f.unpaid, last_unpaid_number = f.last_number, oldest_unpaid_due_date = f.oldest
    FROM (
      SELECT t.loan_id, count(sp.id)::int AS unpaid, max(sp.payment_number) AS last_number,
             min(sp.due_date) AS oldest
        FROM (SELECT DISTINCT unnest(ids) AS loan_id) t
        LEFT JOIN scheduled_payments sp
          ON sp.loan_id = t.loan_id AND sp.status IN ('PENDING', 'DELAYED', 'VALIDATING')
       GROUP BY t.loan_id) f
   WHERE l.id = f.loan_id
     AND (l.unpaid_installments, l.last_unpaid_number, l.oldest_unpaid_due_date)
         IS DISTINCT FROM (f.unpaid, f.last_number, f.oldest);
$$;
--> statement-breakpoint
-- The same for every loan in one pass (the migration, a bulk load, a TRUNCATE).
CREATE FUNCTION "loan_unpaid_figures_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET unpaid_installments = coalesce(f.unpaid, 0), last_unpaid_number = f.last_number,
         oldest_unpaid_due_date = f.oldest
    FROM loans k
    LEFT JOIN (
      SELECT loan_id, count(*)::int AS unpaid, max(payment_number) AS last_number, min(due_date) AS oldest
        FROM scheduled_payments
       WHERE status IN ('PENDING', 'DELAYED', 'VALIDATING')
       GROUP BY loan_id) f ON f.loan_id = k.id
   WHERE l.id = k.id
     AND (l.unpaid_installments, l.last_unpaid_number, l.oldest_unpaid_due_date)
         IS DISTINCT FROM (coalesce(f.unpaid, 0), f.last_number, f.oldest);
$$;
--> statement-breakpoint
-- The loans already there, before the triggers that would count this update.
SELECT loan_unpaid_figures_rebuild();
--> statement-breakpoint
-- The loans of the installments a statement inserted or deleted, or whose unpaid-ness it changed: the
-- loans of rows PAID, REJECTED or CANCELLED before or after (a row unpaid on both sides stays unpaid),
-- so the accrual's PENDING → DELAYED of tens of thousands of installments costs a filter, not a
-- comparison of every row. A change of due date, number or loan (no service makes one) is caught row
-- by row below: a trigger with a column list may not have transition tables.
CREATE FUNCTION "scheduled_payments_unpaid_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM new_installments);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM old_installments);
  ELSE
    ids := ARRAY(
      SELECT loan_id FROM new_installments WHERE status NOT IN ('PENDING', 'DELAYED', 'VALIDATING')
      UNION
      SELECT loan_id FROM old_installments WHERE status NOT IN ('PENDING', 'DELAYED', 'VALIDATING'));
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM loan_unpaid_figures_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "scheduled_payment_unpaid_keys_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loan_unpaid_figures_refresh(ARRAY[OLD.loan_id, NEW.loan_id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_unpaid_figures_insert" AFTER INSERT ON "scheduled_payments"
  REFERENCING NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_unpaid_figures();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_unpaid_figures_update" AFTER UPDATE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_unpaid_figures();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_unpaid_keys" AFTER UPDATE OF "due_date", "payment_number", "loan_id"
  ON "scheduled_payments" FOR EACH ROW
  WHEN (OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.payment_number IS DISTINCT FROM NEW.payment_number
        OR OLD.loan_id IS DISTINCT FROM NEW.loan_id)
  EXECUTE FUNCTION scheduled_payment_unpaid_keys_changed();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_unpaid_figures_delete" AFTER DELETE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_unpaid_figures();
--> statement-breakpoint
-- Every tally from the rows themselves (a bulk load, a TRUNCATE, the migration): the loans' unpaid
-- figures must be right first (loan_unpaid_figures_rebuild).
CREATE FUNCTION "report_tallies_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM portfolio_tally;
  INSERT INTO portfolio_tally (status, amount_cents, term_weeks, unpaid_installments, last_installment_unpaid,
                               oldest_unpaid_due_date, n, balance_cents)
  SELECT status, amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false),
         oldest_unpaid_due_date, count(*), sum(current_balance_cents)
    FROM loans WHERE status IN ('ACTIVE', 'DELAYED')
   GROUP BY 1, 2, 3, 4, 5, 6;

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
-- Loans: the portfolio (ACTIVE and DELAYED loans by their LoanRiskRow key, none of it depending on
-- today) and the deliveries (activated_on's period, or a loanFromPast's request_date). Rows a statement
-- left as they were cancel out (+1 and −1 on one key) and add nothing.
CREATE FUNCTION "loan_report_tallies_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (SELECT 1 AS sign, status, amount_cents, term_weeks, unpaid_installments, last_unpaid_number, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date FROM new_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, amount_cents, term_weeks, unpaid_installments, last_installment_unpaid,
                                   oldest_unpaid_due_date, n, balance_cents)
      SELECT status, amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false),
             oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0)
    INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
    SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
           CASE WHEN loan_from_past THEN request_date END, sum(sign), sum(sign * amount_cents)
      FROM changes WHERE activated_on IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changes AS (SELECT -1 AS sign, status, amount_cents, term_weeks, unpaid_installments, last_unpaid_number, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date FROM old_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, amount_cents, term_weeks, unpaid_installments, last_installment_unpaid,
                                   oldest_unpaid_due_date, n, balance_cents)
      SELECT status, amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false),
             oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0)
    INSERT INTO delivery_tally (period_start, request_day, loans, amount_cents)
    SELECT CASE WHEN NOT loan_from_past THEN report_period(activated_on) END,
           CASE WHEN loan_from_past THEN request_date END, sum(sign), sum(sign * amount_cents)
      FROM changes WHERE activated_on IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0;
  ELSE
    WITH changes AS (SELECT 1 AS sign, status, amount_cents, term_weeks, unpaid_installments, last_unpaid_number, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date FROM new_loans
      UNION ALL SELECT -1 AS sign, status, amount_cents, term_weeks, unpaid_installments, last_unpaid_number, oldest_unpaid_due_date, current_balance_cents, loan_from_past, activated_on, request_date FROM old_loans),
    portfolio AS (
      INSERT INTO portfolio_tally (status, amount_cents, term_weeks, unpaid_installments, last_installment_unpaid,
                                   oldest_unpaid_due_date, n, balance_cents)
      SELECT status, amount_cents, term_weeks, unpaid_installments, coalesce(last_unpaid_number = term_weeks, false),
             oldest_unpaid_due_date, sum(sign), sum(sign * current_balance_cents)
        FROM changes WHERE status IN ('ACTIVE', 'DELAYED')
       GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(sign) <> 0 OR sum(sign * current_balance_cents) <> 0)
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
CREATE TRIGGER "loans_report_tallies_insert" AFTER INSERT ON "loans"
  REFERENCING NEW TABLE AS new_loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_report_tallies_changes();
--> statement-breakpoint
CREATE TRIGGER "loans_report_tallies_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_loans NEW TABLE AS new_loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_report_tallies_changes();
--> statement-breakpoint
CREATE TRIGGER "loans_report_tallies_delete" AFTER DELETE ON "loans"
  REFERENCING OLD TABLE AS old_loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_report_tallies_changes();
--> statement-breakpoint
-- Payments: how many and how much in each status, and the confirmed collections (PAID, by the period of
-- decided_on) split by their lines. A payment's lines are inserted with it, while it is VALIDATING, and
-- never change, so they are there when it becomes PAID; lines added to or taken from a payment already
-- PAID are counted by payment_items' trigger below (a bulk load writes payments before their lines).
CREATE FUNCTION "payment_report_tallies_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (SELECT 1 AS sign, id, status, amount_cents, decided_on FROM new_payments),
    statuses AS (
      INSERT INTO payment_status_tally (status, n, amount_cents)
      SELECT status, sum(sign), sum(sign * amount_cents) FROM changes
       GROUP BY status HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0)
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(c.decided_on),
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
    WITH changes AS (SELECT -1 AS sign, id, status, amount_cents, decided_on FROM old_payments),
    statuses AS (
      INSERT INTO payment_status_tally (status, n, amount_cents)
      SELECT status, sum(sign), sum(sign * amount_cents) FROM changes
       GROUP BY status HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0)
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(c.decided_on),
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
    WITH changes AS (SELECT 1 AS sign, * FROM (SELECT id, status, amount_cents, decided_on FROM new_payments EXCEPT SELECT id, status, amount_cents, decided_on FROM old_payments) entered
      UNION ALL
      SELECT -1, * FROM (SELECT id, status, amount_cents, decided_on FROM old_payments EXCEPT SELECT id, status, amount_cents, decided_on FROM new_payments) left_behind),
    statuses AS (
      INSERT INTO payment_status_tally (status, n, amount_cents)
      SELECT status, sum(sign), sum(sign * amount_cents) FROM changes
       GROUP BY status HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0)
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(c.decided_on),
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
CREATE TRIGGER "payments_report_tallies_insert" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_report_tallies_changes();
--> statement-breakpoint
CREATE TRIGGER "payments_report_tallies_update" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_report_tallies_changes();
--> statement-breakpoint
CREATE TRIGGER "payments_report_tallies_delete" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_report_tallies_changes();
--> statement-breakpoint
-- Lines written to or taken from payments that are PAID (their payment, as it stands, decides).
CREATE FUNCTION "payment_item_collection_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(p.decided_on),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.scheduled_payment_id IS NOT NULL), 0),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.fee_id IS NOT NULL), 0), 0
      FROM (SELECT 1 AS sign, payment_id, scheduled_payment_id, fee_id, amount_cents FROM new_items) c
      JOIN payments p ON p.id = c.payment_id AND p.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign * c.amount_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(p.decided_on),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.scheduled_payment_id IS NOT NULL), 0),
           coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.fee_id IS NOT NULL), 0), 0
      FROM (SELECT -1 AS sign, payment_id, scheduled_payment_id, fee_id, amount_cents FROM old_items) c
      JOIN payments p ON p.id = c.payment_id AND p.status = 'PAID'
     GROUP BY 1
    HAVING sum(c.sign * c.amount_cents) <> 0;
  ELSE
    INSERT INTO collection_tally (period_start, installments_cents, fees_cents, payments)
    SELECT report_period(p.decided_on),
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
CREATE TRIGGER "payment_items_collection_insert" AFTER INSERT ON "payment_items"
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION payment_item_collection_changes();
--> statement-breakpoint
CREATE TRIGGER "payment_items_collection_update" AFTER UPDATE ON "payment_items"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION payment_item_collection_changes();
--> statement-breakpoint
CREATE TRIGGER "payment_items_collection_delete" AFTER DELETE ON "payment_items"
  REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION payment_item_collection_changes();
--> statement-breakpoint
-- A TRUNCATE leaves no transition table: the figures are taken again from what is left.
CREATE FUNCTION "report_tallies_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'scheduled_payments' THEN
    PERFORM loan_unpaid_figures_rebuild();
  END IF;
  PERFORM report_tallies_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_report_tallies_truncate" AFTER TRUNCATE ON "scheduled_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION report_tallies_truncated();
--> statement-breakpoint
CREATE TRIGGER "loans_report_tallies_truncate" AFTER TRUNCATE ON "loans"
  FOR EACH STATEMENT EXECUTE FUNCTION report_tallies_truncated();
--> statement-breakpoint
CREATE TRIGGER "payments_report_tallies_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION report_tallies_truncated();
--> statement-breakpoint
CREATE TRIGGER "payment_items_report_tallies_truncate" AFTER TRUNCATE ON "payment_items"
  FOR EACH STATEMENT EXECUTE FUNCTION report_tallies_truncated();
--> statement-breakpoint
-- The tallies of the rows already there (this migration's ALTER TABLE holds off every write to loans,
-- and so to their installments and payments, until it commits).
SELECT report_tallies_rebuild();
