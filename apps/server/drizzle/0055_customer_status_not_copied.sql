-- A customer who copies their current loan's status is rewritten whenever that loan falls behind
-- (ACTIVE → DELAYED) or catches up: some 200,000 customers on an accrual's first run over a million
-- loans (a page read, a new row version and, after a checkpoint, a full-page image each), for a column
-- only the status order reads. So the customer keeps only what such a change leaves alone: the current
-- loan's id and whether it is open (the open-route index's predicate). The status is read from the
-- loan itself, and the status order's rank, in customer_status_order, is the one row that moves.
ALTER TABLE "customers" ALTER COLUMN "current_loan_open" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "current_loan_open" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "current_loan_status";--> statement-breakpoint
-- THE rule of a customer's current loan (docs/architecture.md "Loan policy", migration list_columns),
-- in one place for the two refreshes below: the open loan (ACTIVE or DELAYED), else the newest not
-- cancelled; no row for a customer without one.
CREATE FUNCTION "customers_current_loans"(ids uuid[])
  RETURNS TABLE (customer_id uuid, loan_id uuid, status text) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (l.customer_id) l.customer_id, l.id, l.status
    FROM loans l
   WHERE l.customer_id = ANY (ids) AND l.status <> 'CANCELLED'
   ORDER BY l.customer_id, (l.status IN ('ACTIVE', 'DELAYED')) DESC, l.created_on DESC, l.id DESC
$$;
--> statement-breakpoint
-- The rule applied to those customers: the customer's row written only where the pick or its openness
-- changed, the status order's rank only where it changed.
CREATE OR REPLACE FUNCTION "customers_current_loan_refresh_for"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH picked AS (
    SELECT t.customer_id, p.loan_id, p.status, coalesce(p.status IN ('ACTIVE', 'DELAYED'), false) AS open
      FROM unnest(ids) AS t(customer_id)
      LEFT JOIN customers_current_loans(ids) p ON p.customer_id = t.customer_id
  ),
  written AS (
    UPDATE customers c
       SET current_loan_id = p.loan_id, current_loan_open = p.open
      FROM picked p
     WHERE c.id = p.customer_id
       AND (c.current_loan_id, c.current_loan_open) IS DISTINCT FROM (p.loan_id, p.open)
  )
  UPDATE customer_status_order o
     SET rank = customer_status_rank(p.status)
    FROM picked p
   WHERE o.customer_id = p.customer_id AND o.rank <> customer_status_rank(p.status);
$$;
--> statement-breakpoint
-- Customers whose loans changed only from one open status to the other: their pick and its openness
-- cannot have changed, only the rank of its status. No customer row is read or written.
CREATE FUNCTION "customers_status_rank_refresh_for"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE customer_status_order o
     SET rank = customer_status_rank(p.status)
    FROM customers_current_loans(ids) p
   WHERE o.customer_id = p.customer_id AND o.rank <> customer_status_rank(p.status);
$$;
--> statement-breakpoint
-- A loan's status as the pick of a customer's current loan sees it: the open ones alike.
CREATE FUNCTION "customers_pick_status"(status text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('ACTIVE', 'DELAYED') THEN 'OPEN' ELSE status END
$$;
--> statement-breakpoint
-- After every statement that writes loans, whatever code wrote them: the customers of the loans it
-- inserted or deleted, or whose customer, creation or status it changed. Which loan is current depends
-- on nothing else (a payment or a day's fees, which change balances only, touch no customer), and a
-- status that stays open (ACTIVE ↔ DELAYED) changes only the rank.
CREATE OR REPLACE FUNCTION "customers_current_loan_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  rank_ids uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Set differences, which PostgreSQL hashes: a join of the two transition tables (no index, no
    -- statistics) may be planned as a nested loop, quadratic in the rows the statement changed. The
    -- pick's differences first; the differences in status alone next.
    ids := ARRAY(
      SELECT customer_id FROM (
        SELECT id, customer_id, customers_pick_status(status), created_on
          FROM changed_loans
        EXCEPT
        SELECT id, customer_id, customers_pick_status(status), created_on
          FROM old_loans) entered
      UNION
      SELECT customer_id FROM (
        SELECT id, customer_id, customers_pick_status(status), created_on
          FROM old_loans
        EXCEPT
        SELECT id, customer_id, customers_pick_status(status), created_on
          FROM changed_loans) left_behind);
    rank_ids := ARRAY(
      SELECT customer_id FROM (
        SELECT id, customer_id, status FROM changed_loans
        EXCEPT SELECT id, customer_id, status FROM old_loans) moved
      EXCEPT SELECT unnest(ids));
  ELSE
    ids := ARRAY(SELECT DISTINCT customer_id FROM changed_loans);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM customers_current_loan_refresh_for(ids);
  END IF;
  IF cardinality(rank_ids) > 0 THEN
    PERFORM customers_status_rank_refresh_for(rank_ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every new customer gets their place, at the rank of whatever current loan a bulk load wrote (none, for
-- a customer registered on a screen).
CREATE OR REPLACE FUNCTION "customer_status_order_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_status_order (customer_id, rank)
  SELECT n.id, customer_status_rank(l.status) FROM new_customers n LEFT JOIN loans l ON l.id = n.current_loan_id;
  RETURN NULL;
END
$$;
