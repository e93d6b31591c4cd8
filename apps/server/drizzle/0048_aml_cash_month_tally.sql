CREATE TABLE "aml_cash_month_tally" (
	"customer_id" uuid NOT NULL,
	"month" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"payments" integer NOT NULL,
	CONSTRAINT "aml_cash_month_tally_pkey" PRIMARY KEY("customer_id","month")
);
--> statement-breakpoint
CREATE TABLE "aml_cash_tally_zone" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "aml_cash_tally_zone_one_row" CHECK ("aml_cash_tally_zone"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "aml_cash_month_tally_month_total_idx" ON "aml_cash_month_tally" USING btree ("month","total_cents");--> statement-breakpoint
-- PLD's 'operaciones relevantes' read each customer's confirmed cash per business month from
-- aml_cash_month_tally instead of grouping every cash payment of the quarter (docs/performance-history.md
-- "Flat at 1,000,000"). What counts is the rule of modules/aml/relevant-operations.ts: a payment PAID in
-- CASH, in the month of its collected_at on the business clock, for its loan's customer. The months are
-- those of the zone in aml_cash_tally_zone; aml_cash_month_tally_rezone re-keys the tally for another.
INSERT INTO "aml_cash_tally_zone" ("id", "time_zone") VALUES (1, 'America/Mexico_City') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The tally's zone; without its row (a database emptied table by table), TZ_BUSINESS's default.
CREATE FUNCTION "aml_cash_tally_zone"() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM aml_cash_tally_zone WHERE id = 1), 'America/Mexico_City');
$$;
--> statement-breakpoint
CREATE FUNCTION "aml_cash_month_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM aml_cash_month_tally;
  INSERT INTO aml_cash_month_tally (customer_id, month, total_cents, payments)
  SELECT l.customer_id, date_trunc('month', p.collected_at AT TIME ZONE aml_cash_tally_zone())::date,
         sum(p.amount_cents), count(*)
    FROM payments p
    JOIN loans l ON l.id = p.loan_id
   WHERE p.status = 'PAID' AND p.payment_method = 'CASH'
   GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- Payments locked against writes while the tally is rebuilt, so no statement's delta lands in between.
CREATE FUNCTION "aml_cash_month_tally_rezone"(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE payments IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO aml_cash_tally_zone (id, time_zone) VALUES (1, zone)
    ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone;
  PERFORM aml_cash_month_tally_rebuild();
END
$$;
--> statement-breakpoint
-- What a statement added (+) and took away (−) as the tally reads a payment (counted, loan, instant,
-- amount): a confirmation, a rejection or a cancellation is one row entering or leaving; every other
-- update of payments cancels out in the hashed EXCEPT before the loans are joined. One upsert per
-- customer and month, in key order so two statements never wait on each other's rows in turn.
CREATE FUNCTION "aml_cash_month_tally_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := aml_cash_tally_zone();
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO aml_cash_month_tally AS t (customer_id, month, total_cents, payments)
    SELECT l.customer_id, date_trunc('month', d.collected_at AT TIME ZONE zone)::date,
           sum(d.amount_cents), count(*)
      FROM new_payments d JOIN loans l ON l.id = d.loan_id
     WHERE d.status = 'PAID' AND d.payment_method = 'CASH'
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (customer_id, month) DO UPDATE
      SET total_cents = t.total_cents + excluded.total_cents, payments = t.payments + excluded.payments;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO aml_cash_month_tally AS t (customer_id, month, total_cents, payments)
    SELECT l.customer_id, date_trunc('month', d.collected_at AT TIME ZONE zone)::date,
           -sum(d.amount_cents), -count(*)
      FROM old_payments d JOIN loans l ON l.id = d.loan_id
     WHERE d.status = 'PAID' AND d.payment_method = 'CASH'
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (customer_id, month) DO UPDATE
      SET total_cents = t.total_cents + excluded.total_cents, payments = t.payments + excluded.payments;
  ELSE
    INSERT INTO aml_cash_month_tally AS t (customer_id, month, total_cents, payments)
    SELECT l.customer_id, date_trunc('month', d.collected_at AT TIME ZONE zone)::date,
           sum(d.sign * d.amount_cents), sum(d.sign)
      FROM (SELECT 1 AS sign, loan_id, collected_at, amount_cents
              FROM (SELECT id, loan_id, collected_at, amount_cents FROM new_payments
                     WHERE status = 'PAID' AND payment_method = 'CASH'
                    EXCEPT SELECT id, loan_id, collected_at, amount_cents FROM old_payments
                     WHERE status = 'PAID' AND payment_method = 'CASH') entered
            UNION ALL
            SELECT -1, loan_id, collected_at, amount_cents
              FROM (SELECT id, loan_id, collected_at, amount_cents FROM old_payments
                     WHERE status = 'PAID' AND payment_method = 'CASH'
                    EXCEPT SELECT id, loan_id, collected_at, amount_cents FROM new_payments
                     WHERE status = 'PAID' AND payment_method = 'CASH') left_behind) d
      JOIN loans l ON l.id = d.loan_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
     ORDER BY 1, 2
    ON CONFLICT (customer_id, month) DO UPDATE
      SET total_cents = t.total_cents + excluded.total_cents, payments = t.payments + excluded.payments;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_aml_cash_tally_insert" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION aml_cash_month_tally_payments();
--> statement-breakpoint
CREATE TRIGGER "payments_aml_cash_tally_update" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION aml_cash_month_tally_payments();
--> statement-breakpoint
CREATE TRIGGER "payments_aml_cash_tally_delete" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION aml_cash_month_tally_payments();
--> statement-breakpoint
-- A payment's customer is its loan's: a loan moved to another customer (nothing in the app does) takes
-- its cash along. Per row, and only for such a row (the WHEN), so the accrual's updates of every open
-- loan never call it.
CREATE FUNCTION "aml_cash_month_tally_loan_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := aml_cash_tally_zone();
BEGIN
  INSERT INTO aml_cash_month_tally AS t (customer_id, month, total_cents, payments)
  SELECT d.customer_id, date_trunc('month', p.collected_at AT TIME ZONE zone)::date,
         sum(d.sign * p.amount_cents), sum(d.sign)
    FROM (VALUES (1, NEW.customer_id), (-1, OLD.customer_id)) d (sign, customer_id)
    JOIN payments p ON p.loan_id = NEW.id AND p.status = 'PAID' AND p.payment_method = 'CASH'
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (customer_id, month) DO UPDATE
    SET total_cents = t.total_cents + excluded.total_cents, payments = t.payments + excluded.payments;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loans_aml_cash_tally_moved" AFTER UPDATE OF "customer_id" ON "loans"
  FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION aml_cash_month_tally_loan_moved();
--> statement-breakpoint
SELECT aml_cash_month_tally_rebuild();
