CREATE TABLE "collection_due_tally" (
	"day" date,
	"loans" bigint NOT NULL,
	"fee_loans" bigint NOT NULL,
	"due_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_promise_tally" (
	"promised" date NOT NULL,
	"day" date,
	"loans" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "route_postal_code" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "route_colonia_key" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "promised_date" date;--> statement-breakpoint
CREATE INDEX "collection_promise_tally_promised_idx" ON "collection_promise_tally" USING btree ("promised");--> statement-breakpoint
-- The route order of 'Cobranza' (postal code and colonia of the customer's first address, oldest then
-- id; accents and case folded as collections/whole-business.ts compares them) kept on the customer, so
-- the whole business's cards are read off customers_open_route_idx a page at a time instead of sorting
-- every open loan. Null without an address (such a customer goes last). Writes only the customers whose
-- keys change.
CREATE FUNCTION "customers_route_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE customers c
     SET route_postal_code = a.postal_code, route_colonia_key = unaccent_lower(a.neighborhood)
    FROM (SELECT DISTINCT unnest(ids) AS customer_id) t
    LEFT JOIN LATERAL (
      SELECT postal_code, neighborhood FROM addresses
       WHERE customer_id = t.customer_id ORDER BY created_on, id LIMIT 1) a ON true
   WHERE c.id = t.customer_id
     AND (c.route_postal_code, c.route_colonia_key)
         IS DISTINCT FROM (a.postal_code, unaccent_lower(a.neighborhood));
$$;
--> statement-breakpoint
-- The same for every customer in one pass (the migration, a bulk load).
CREATE FUNCTION "customers_route_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE customers c
     SET route_postal_code = a.postal_code, route_colonia_key = unaccent_lower(a.neighborhood)
    FROM customers k
    LEFT JOIN (
      SELECT DISTINCT ON (customer_id) customer_id, postal_code, neighborhood FROM addresses
       ORDER BY customer_id, created_on, id) a ON a.customer_id = k.id
   WHERE c.id = k.id
     AND (c.route_postal_code, c.route_colonia_key)
         IS DISTINCT FROM (a.postal_code, unaccent_lower(a.neighborhood));
$$;
--> statement-breakpoint
-- Built before the keys are written, so the table has no HOT chain the index would have to wait out.
CREATE INDEX "customers_open_route_idx" ON "customers" USING btree (("route_postal_code" collate "C"),("route_colonia_key" collate "C"),(unaccent_lower("last_name") collate "C"),(unaccent_lower("name") collate "C")) WHERE "customers"."current_loan_status" in ('ACTIVE', 'DELAYED');--> statement-breakpoint
SELECT customers_route_rebuild();
--> statement-breakpoint
-- The customers of the addresses a statement inserted or deleted, or changed in what the first address
-- is or holds (set differences, hashed: see customers_current_loan_refresh).
CREATE FUNCTION "addresses_customer_route"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT customer_id FROM new_addresses);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT customer_id FROM old_addresses);
  ELSE
    ids := ARRAY(
      SELECT customer_id FROM (
        SELECT id, customer_id, postal_code, neighborhood, created_on FROM new_addresses
        EXCEPT SELECT id, customer_id, postal_code, neighborhood, created_on FROM old_addresses) entered
      UNION
      SELECT customer_id FROM (
        SELECT id, customer_id, postal_code, neighborhood, created_on FROM old_addresses
        EXCEPT SELECT id, customer_id, postal_code, neighborhood, created_on FROM new_addresses) left_behind);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM customers_route_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "addresses_customer_route_insert" AFTER INSERT ON "addresses"
  REFERENCING NEW TABLE AS new_addresses
  FOR EACH STATEMENT EXECUTE FUNCTION addresses_customer_route();
--> statement-breakpoint
CREATE TRIGGER "addresses_customer_route_update" AFTER UPDATE ON "addresses"
  REFERENCING OLD TABLE AS old_addresses NEW TABLE AS new_addresses
  FOR EACH STATEMENT EXECUTE FUNCTION addresses_customer_route();
--> statement-breakpoint
CREATE TRIGGER "addresses_customer_route_delete" AFTER DELETE ON "addresses"
  REFERENCING OLD TABLE AS old_addresses
  FOR EACH STATEMENT EXECUTE FUNCTION addresses_customer_route();
--> statement-breakpoint
CREATE FUNCTION "addresses_customer_route_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customers_route_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "addresses_customer_route_truncate" AFTER TRUNCATE ON "addresses"
  FOR EACH STATEMENT EXECUTE FUNCTION addresses_customer_route_truncated();
--> statement-breakpoint
-- The day of each loan's latest promise of payment (visits PROMISE, by visited_at then id: the one
-- that stands, collections/due-loans.ts PROMISE_STANDS) kept on the loan, so 'Hoy' of the whole business
-- reads the loans promised today from their own row. Writes only the loans whose day changes.
CREATE FUNCTION "loan_promised_date_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET promised_date = p.promised
    FROM (
      SELECT t.loan_id,
             (SELECT v.promised_date FROM visits v WHERE v.loan_id = t.loan_id AND v.outcome = 'PROMISE'
               ORDER BY v.visited_at DESC, v.id DESC LIMIT 1) AS promised
        FROM (SELECT DISTINCT unnest(ids) AS loan_id) t) p
   WHERE l.id = p.loan_id AND l.promised_date IS DISTINCT FROM p.promised;
$$;
--> statement-breakpoint
CREATE FUNCTION "loan_promised_date_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET promised_date = p.promised
    FROM loans k
    LEFT JOIN (
      SELECT DISTINCT ON (loan_id) loan_id, promised_date AS promised FROM visits
       WHERE outcome = 'PROMISE' ORDER BY loan_id, visited_at DESC, id DESC) p ON p.loan_id = k.id
   WHERE l.id = k.id AND l.promised_date IS DISTINCT FROM p.promised;
$$;
--> statement-breakpoint
SELECT loan_promised_date_rebuild();
--> statement-breakpoint
-- The loans of the promises a statement inserted or deleted, or changed (set differences, hashed).
CREATE FUNCTION "visits_loan_promised_date"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM new_visits WHERE outcome = 'PROMISE');
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM old_visits WHERE outcome = 'PROMISE');
  ELSE
    ids := ARRAY(
      SELECT loan_id FROM (
        SELECT id, loan_id, outcome, promised_date, visited_at FROM new_visits
        EXCEPT SELECT id, loan_id, outcome, promised_date, visited_at FROM old_visits) entered
      UNION
      SELECT loan_id FROM (
        SELECT id, loan_id, outcome, promised_date, visited_at FROM old_visits
        EXCEPT SELECT id, loan_id, outcome, promised_date, visited_at FROM new_visits) left_behind);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM loan_promised_date_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "visits_loan_promised_date_insert" AFTER INSERT ON "visits"
  REFERENCING NEW TABLE AS new_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_loan_promised_date();
--> statement-breakpoint
CREATE TRIGGER "visits_loan_promised_date_update" AFTER UPDATE ON "visits"
  REFERENCING OLD TABLE AS old_visits NEW TABLE AS new_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_loan_promised_date();
--> statement-breakpoint
CREATE TRIGGER "visits_loan_promised_date_delete" AFTER DELETE ON "visits"
  REFERENCING OLD TABLE AS old_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_loan_promised_date();
--> statement-breakpoint
CREATE FUNCTION "visits_loan_promised_date_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loan_promised_date_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "visits_loan_promised_date_truncate" AFTER TRUNCATE ON "visits"
  FOR EACH STATEMENT EXECUTE FUNCTION visits_loan_promised_date_truncated();
--> statement-breakpoint
-- The summary of 'Cobranza' for the whole business (db/schema/collection-due-tally.ts): signed delta
-- rows appended by statement triggers on loans, installments and fees, each reading the others as they
-- stand after its statement. An open loan counts at its oldest payable due date (the loan's own column,
-- migration collection_due_figures) with or without a pending fee; its payable installments' remaining
-- cents by due date and its pending fees' remaining cents (null day) count while it is open. Loans are
-- inserted before their installments and fees and deleted after them (the foreign keys), so inserting
-- or deleting a loan moves only its own count.
CREATE FUNCTION "collection_due_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM collection_due_tally;
  INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
  SELECT day, sum(loans), sum(fee_loans), sum(due_cents), sum(fee_cents)
    FROM (
      SELECT oldest_payable_due_date AS day, count(*) FILTER (WHERE pending_fees = 0) AS loans,
             count(*) FILTER (WHERE pending_fees > 0) AS fee_loans, 0::bigint AS due_cents, 0::bigint AS fee_cents
        FROM loans WHERE status IN ('ACTIVE', 'DELAYED') GROUP BY 1
      UNION ALL
      SELECT sp.due_date, 0, 0, sum(sp.amount_cents - sp.paid_cents - sp.held_cents), 0
        FROM scheduled_payments sp JOIN loans l ON l.id = sp.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
       WHERE sp.status IN ('PENDING', 'DELAYED') GROUP BY 1
      UNION ALL
      SELECT NULL::date, 0, 0, 0, sum(f.amount_cents - f.paid_cents - f.held_cents)
        FROM fees f JOIN loans l ON l.id = f.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
       WHERE f.status = 'PENDING') t
   GROUP BY day
  HAVING sum(loans) <> 0 OR sum(fee_loans) <> 0 OR sum(due_cents) <> 0 OR sum(fee_cents) <> 0;
  DELETE FROM collection_promise_tally;
  INSERT INTO collection_promise_tally (promised, day, loans)
  SELECT promised_date, oldest_payable_due_date, count(*) FROM loans
   WHERE status IN ('ACTIVE', 'DELAYED') AND pending_fees = 0 AND promised_date IS NOT NULL
   GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- Loans: their own count moves when they enter or leave the open statuses or change oldest payable day
-- or fee flag (a payment's or a day's fees' balance change cancels out in the EXCEPT); a loan that enters
-- or leaves the open statuses also brings or takes its payable installments' and pending fees' cents.
CREATE FUNCTION "collection_due_tally_loans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT oldest_payable_due_date, count(*) FILTER (WHERE pending_fees = 0),
           count(*) FILTER (WHERE pending_fees > 0), 0, 0
      FROM new_loans WHERE status IN ('ACTIVE', 'DELAYED') GROUP BY 1;
    INSERT INTO collection_promise_tally (promised, day, loans)
    SELECT promised_date, oldest_payable_due_date, count(*) FROM new_loans
     WHERE status IN ('ACTIVE', 'DELAYED') AND pending_fees = 0 AND promised_date IS NOT NULL GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT oldest_payable_due_date, -count(*) FILTER (WHERE pending_fees = 0),
           -count(*) FILTER (WHERE pending_fees > 0), 0, 0
      FROM old_loans WHERE status IN ('ACTIVE', 'DELAYED') GROUP BY 1;
    INSERT INTO collection_promise_tally (promised, day, loans)
    SELECT promised_date, oldest_payable_due_date, -count(*) FROM old_loans
     WHERE status IN ('ACTIVE', 'DELAYED') AND pending_fees = 0 AND promised_date IS NOT NULL GROUP BY 1, 2;
  ELSE
    WITH counted AS (
      SELECT 1 AS sign, * FROM (
        SELECT id, oldest_payable_due_date AS day, pending_fees > 0 AS fee FROM new_loans WHERE status IN ('ACTIVE', 'DELAYED')
        EXCEPT SELECT id, oldest_payable_due_date, pending_fees > 0 FROM old_loans WHERE status IN ('ACTIVE', 'DELAYED')) entered
      UNION ALL
      SELECT -1, * FROM (
        SELECT id, oldest_payable_due_date, pending_fees > 0 FROM old_loans WHERE status IN ('ACTIVE', 'DELAYED')
        EXCEPT SELECT id, oldest_payable_due_date, pending_fees > 0 FROM new_loans WHERE status IN ('ACTIVE', 'DELAYED')) left_behind),
    moved AS (
      SELECT 1 AS sign, id FROM (
        SELECT id FROM new_loans WHERE status IN ('ACTIVE', 'DELAYED')
        EXCEPT SELECT id FROM old_loans WHERE status IN ('ACTIVE', 'DELAYED')) opened
      UNION ALL
      SELECT -1, id FROM (
        SELECT id FROM old_loans WHERE status IN ('ACTIVE', 'DELAYED')
        EXCEPT SELECT id FROM new_loans WHERE status IN ('ACTIVE', 'DELAYED')) closed)
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT day, sum(loans), sum(fee_loans), sum(due_cents), sum(fee_cents)
      FROM (
        SELECT day, sign * (NOT fee)::int AS loans, sign * fee::int AS fee_loans,
               0::bigint AS due_cents, 0::bigint AS fee_cents FROM counted
        UNION ALL
        SELECT sp.due_date, 0, 0, m.sign * (sp.amount_cents - sp.paid_cents - sp.held_cents), 0
          FROM moved m JOIN scheduled_payments sp ON sp.loan_id = m.id AND sp.status IN ('PENDING', 'DELAYED')
        UNION ALL
        SELECT NULL::date, 0, 0, 0, m.sign * (f.amount_cents - f.paid_cents - f.held_cents)
          FROM moved m JOIN fees f ON f.loan_id = m.id AND f.status = 'PENDING') d
     GROUP BY day
    HAVING sum(loans) <> 0 OR sum(fee_loans) <> 0 OR sum(due_cents) <> 0 OR sum(fee_cents) <> 0;
    INSERT INTO collection_promise_tally (promised, day, loans)
    SELECT promised, day, sum(sign)
      FROM (
        SELECT 1 AS sign, * FROM (
          SELECT id, promised_date AS promised, oldest_payable_due_date AS day FROM new_loans
           WHERE status IN ('ACTIVE', 'DELAYED') AND pending_fees = 0 AND promised_date IS NOT NULL
          EXCEPT SELECT id, promised_date, oldest_payable_due_date FROM old_loans
           WHERE status IN ('ACTIVE', 'DELAYED') AND pending_fees = 0 AND promised_date IS NOT NULL) entered
        UNION ALL
        SELECT -1, * FROM (
          SELECT id, promised_date, oldest_payable_due_date FROM old_loans
           WHERE status IN ('ACTIVE', 'DELAYED') AND pending_fees = 0 AND promised_date IS NOT NULL
          EXCEPT SELECT id, promised_date, oldest_payable_due_date FROM new_loans
           WHERE status IN ('ACTIVE', 'DELAYED') AND pending_fees = 0 AND promised_date IS NOT NULL) left_behind) d
     GROUP BY 1, 2 HAVING sum(sign) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loans_collection_due_tally_insert" AFTER INSERT ON "loans"
  REFERENCING NEW TABLE AS new_loans
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_loans();
--> statement-breakpoint
CREATE TRIGGER "loans_collection_due_tally_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_loans NEW TABLE AS new_loans
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_loans();
--> statement-breakpoint
CREATE TRIGGER "loans_collection_due_tally_delete" AFTER DELETE ON "loans"
  REFERENCING OLD TABLE AS old_loans
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_loans();
--> statement-breakpoint
-- Installments of open loans: what the statement added (+) and took away (−) of the payable ones as
-- the tally reads a row (loan, due date, remaining cents), so the accrual's PENDING → DELAYED cancels
-- out in a hashed EXCEPT before any join.
CREATE FUNCTION "collection_due_tally_installments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT n.due_date, 0, 0, sum(n.amount_cents - n.paid_cents - n.held_cents), 0
      FROM new_installments n JOIN loans l ON l.id = n.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
     WHERE n.status IN ('PENDING', 'DELAYED')
     GROUP BY 1 HAVING sum(n.amount_cents - n.paid_cents - n.held_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT o.due_date, 0, 0, -sum(o.amount_cents - o.paid_cents - o.held_cents), 0
      FROM old_installments o JOIN loans l ON l.id = o.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
     WHERE o.status IN ('PENDING', 'DELAYED')
     GROUP BY 1 HAVING sum(o.amount_cents - o.paid_cents - o.held_cents) <> 0;
  ELSE
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT d.due_date, 0, 0, sum(d.sign * d.cents), 0
      FROM (
        SELECT 1 AS sign, * FROM (
          SELECT id, loan_id, due_date, amount_cents - paid_cents - held_cents AS cents
            FROM new_installments WHERE status IN ('PENDING', 'DELAYED')
          EXCEPT SELECT id, loan_id, due_date, amount_cents - paid_cents - held_cents
            FROM old_installments WHERE status IN ('PENDING', 'DELAYED')) entered
        UNION ALL
        SELECT -1, * FROM (
          SELECT id, loan_id, due_date, amount_cents - paid_cents - held_cents
            FROM old_installments WHERE status IN ('PENDING', 'DELAYED')
          EXCEPT SELECT id, loan_id, due_date, amount_cents - paid_cents - held_cents
            FROM new_installments WHERE status IN ('PENDING', 'DELAYED')) left_behind) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
     GROUP BY 1 HAVING sum(d.sign * d.cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_tally_insert" AFTER INSERT ON "scheduled_payments"
  REFERENCING NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_installments();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_tally_update" AFTER UPDATE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_installments();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_tally_delete" AFTER DELETE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_installments();
--> statement-breakpoint
-- PENDING fees of open loans, the same way (null day).
CREATE FUNCTION "collection_due_tally_fees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT NULL, 0, 0, 0, sum(n.amount_cents - n.paid_cents - n.held_cents)
      FROM new_fees n JOIN loans l ON l.id = n.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
     WHERE n.status = 'PENDING'
    HAVING sum(n.amount_cents - n.paid_cents - n.held_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT NULL, 0, 0, 0, -sum(o.amount_cents - o.paid_cents - o.held_cents)
      FROM old_fees o JOIN loans l ON l.id = o.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
     WHERE o.status = 'PENDING'
    HAVING sum(o.amount_cents - o.paid_cents - o.held_cents) <> 0;
  ELSE
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT NULL, 0, 0, 0, sum(d.sign * d.cents)
      FROM (
        SELECT 1 AS sign, * FROM (
          SELECT id, loan_id, amount_cents - paid_cents - held_cents AS cents
            FROM new_fees WHERE status = 'PENDING'
          EXCEPT SELECT id, loan_id, amount_cents - paid_cents - held_cents
            FROM old_fees WHERE status = 'PENDING') entered
        UNION ALL
        SELECT -1, * FROM (
          SELECT id, loan_id, amount_cents - paid_cents - held_cents
            FROM old_fees WHERE status = 'PENDING'
          EXCEPT SELECT id, loan_id, amount_cents - paid_cents - held_cents
            FROM new_fees WHERE status = 'PENDING') left_behind) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
    HAVING sum(d.sign * d.cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_tally_insert" AFTER INSERT ON "fees"
  REFERENCING NEW TABLE AS new_fees
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_fees();
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_tally_update" AFTER UPDATE ON "fees"
  REFERENCING OLD TABLE AS old_fees NEW TABLE AS new_fees
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_fees();
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_tally_delete" AFTER DELETE ON "fees"
  REFERENCING OLD TABLE AS old_fees
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_fees();
--> statement-breakpoint
-- A TRUNCATE leaves no transition table: the tally is taken again from what is left.
CREATE FUNCTION "collection_due_tally_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM collection_due_tally_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loans_collection_due_tally_truncate" AFTER TRUNCATE ON "loans"
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_truncated();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_tally_truncate" AFTER TRUNCATE ON "scheduled_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_truncated();
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_tally_truncate" AFTER TRUNCATE ON "fees"
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_tally_truncated();
--> statement-breakpoint
-- The rows already there (CREATE TRIGGER holds off writes to the three tables until this migration
-- commits).
SELECT collection_due_tally_rebuild();
