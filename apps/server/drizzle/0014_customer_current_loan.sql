ALTER TABLE "customers" ADD COLUMN "current_loan_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "current_loan_status" text;--> statement-breakpoint
CREATE INDEX "customers_name_order_idx" ON "customers" USING btree ("search_text","id");--> statement-breakpoint
-- THE rule of a customer's current loan (docs/architecture.md "Loan policy"): the open loan (ACTIVE or
-- DELAYED), else the newest not cancelled (a cancelled request must not hide a paid loan, and the badge
-- has no label for it); none without one. These triggers keep it on the customer after every statement
-- that writes loans, whatever code wrote them (payments, the accrual, edits, bulk loads): one UPDATE per
-- statement over the customers it touched, only where the loan or its status changed (a payment or a
-- day's fees change the balance, not the customer). DISTINCT ON rather than a subquery per customer:
-- loans_customer_idx serves it for a few customers, one pass over loans serves a bulk load.
CREATE FUNCTION "customers_current_loan_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH touched AS (
    SELECT DISTINCT customer_id FROM changed_loans
  ), picked AS (
    SELECT DISTINCT ON (l.customer_id) l.customer_id, l.id, l.status
      FROM loans l
     WHERE l.customer_id IN (SELECT customer_id FROM touched) AND l.status <> 'CANCELLED'
     ORDER BY l.customer_id, (l.status IN ('ACTIVE', 'DELAYED')) DESC, l.created_on DESC, l.id DESC
  )
  UPDATE customers c
     SET current_loan_id = p.id, current_loan_status = p.status
    FROM touched t
    LEFT JOIN picked p ON p.customer_id = t.customer_id
   WHERE c.id = t.customer_id
     AND (c.current_loan_id, c.current_loan_status) IS DISTINCT FROM (p.id, p.status);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loans_customer_current_loan_insert" AFTER INSERT ON "loans"
  REFERENCING NEW TABLE AS changed_loans
  FOR EACH STATEMENT EXECUTE FUNCTION customers_current_loan_refresh();
--> statement-breakpoint
CREATE TRIGGER "loans_customer_current_loan_update" AFTER UPDATE ON "loans"
  REFERENCING NEW TABLE AS changed_loans
  FOR EACH STATEMENT EXECUTE FUNCTION customers_current_loan_refresh();
--> statement-breakpoint
CREATE TRIGGER "loans_customer_current_loan_delete" AFTER DELETE ON "loans"
  REFERENCING OLD TABLE AS changed_loans
  FOR EACH STATEMENT EXECUTE FUNCTION customers_current_loan_refresh();
--> statement-breakpoint
-- The customers already there (CREATE TRIGGER holds off writes to loans until this migration commits).
WITH picked AS (
  SELECT DISTINCT ON (l.customer_id) l.customer_id, l.id, l.status
    FROM loans l
   WHERE l.status <> 'CANCELLED'
   ORDER BY l.customer_id, (l.status IN ('ACTIVE', 'DELAYED')) DESC, l.created_on DESC, l.id DESC
)
UPDATE customers c SET current_loan_id = p.id, current_loan_status = p.status
  FROM picked p
 WHERE c.id = p.customer_id;
