ALTER TABLE "customers" ADD COLUMN "current_loan_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "current_loan_status" text;--> statement-breakpoint
CREATE INDEX "customers_curp_prefix_idx" ON "customers" USING btree ("curp" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_order_idx" ON "customers" USING btree ("search_text","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_on","id");--> statement-breakpoint
-- THE rule of a customer's current loan (docs/architecture.md "Loan policy"): the open loan (ACTIVE or
-- DELAYED), else the newest not cancelled (a cancelled request must not hide a paid loan, and the badge
-- has no label for it); none without one. customers_current_loan_refresh_for(ids) applies it to those
-- customers, writing only the ones whose pick changed. DISTINCT ON rather than a subquery per customer:
-- loans_customer_idx serves it for a few customers, one pass over loans serves a bulk load.
CREATE FUNCTION "customers_current_loan_refresh_for"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH picked AS (
    SELECT DISTINCT ON (l.customer_id) l.customer_id, l.id, l.status
      FROM loans l
     WHERE l.customer_id = ANY (ids) AND l.status <> 'CANCELLED'
     ORDER BY l.customer_id, (l.status IN ('ACTIVE', 'DELAYED')) DESC, l.created_on DESC, l.id DESC
  )
  UPDATE customers c
     SET current_loan_id = p.id, current_loan_status = p.status
    FROM unnest(ids) AS t(customer_id)
    LEFT JOIN picked p ON p.customer_id = t.customer_id
   WHERE c.id = t.customer_id
     AND (c.current_loan_id, c.current_loan_status) IS DISTINCT FROM (p.id, p.status);
$$;
--> statement-breakpoint
-- After every statement that writes loans, whatever code wrote them (payments, the accrual, edits, bulk
-- loads), the customers of the loans it inserted or deleted, and of the loans whose status (or
-- creation, or customer) it changed: which loan is current depends on nothing else, so a payment or a
-- day's fees, which change balances only, touch no customer.
CREATE FUNCTION "customers_current_loan_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Set differences, which PostgreSQL hashes: a join of the two transition tables (no index, no
    -- statistics) may be planned as a nested loop, quadratic in the rows the statement changed.
    ids := ARRAY(
      SELECT customer_id FROM (
        SELECT id, customer_id, status, created_on FROM changed_loans
        EXCEPT SELECT id, customer_id, status, created_on FROM old_loans) entered
      UNION
      SELECT customer_id FROM (
        SELECT id, customer_id, status, created_on FROM old_loans
        EXCEPT SELECT id, customer_id, status, created_on FROM changed_loans) left_behind);
  ELSE
    ids := ARRAY(SELECT DISTINCT customer_id FROM changed_loans);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM customers_current_loan_refresh_for(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loans_customer_current_loan_insert" AFTER INSERT ON "loans"
  REFERENCING NEW TABLE AS changed_loans
  FOR EACH STATEMENT EXECUTE FUNCTION customers_current_loan_refresh();
--> statement-breakpoint
CREATE TRIGGER "loans_customer_current_loan_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_loans NEW TABLE AS changed_loans
  FOR EACH STATEMENT EXECUTE FUNCTION customers_current_loan_refresh();
--> statement-breakpoint
CREATE TRIGGER "loans_customer_current_loan_delete" AFTER DELETE ON "loans"
  REFERENCING OLD TABLE AS changed_loans
  FOR EACH STATEMENT EXECUTE FUNCTION customers_current_loan_refresh();
--> statement-breakpoint
-- The customers already there (CREATE TRIGGER holds off writes to loans until this migration commits).
SELECT customers_current_loan_refresh_for(ARRAY(SELECT DISTINCT customer_id FROM loans));
