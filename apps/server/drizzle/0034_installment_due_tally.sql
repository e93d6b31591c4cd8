CREATE TABLE "installment_due_tally" (
	"agent_id" uuid,
	"due_date" date NOT NULL,
	"n" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"taken_n" bigint NOT NULL,
	"taken_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "installment_due_tally_agent_day_idx" ON "installment_due_tally" USING btree ("agent_id","due_date");--> statement-breakpoint
-- The 'Semana' of Cobranza reads its installments due from this tally instead of every installment of
-- the agents' portfolios (docs/performance-history.md "Cobranza · semana"). What counts is the rule of
-- modules/collections/week.ts: an installment not REJECTED, CANCELLED or RESTRUCTURED of a delivered loan (ACTIVE,
-- DELAYED, PAID), keyed by its customer's agent and its due date; taken = PAID or VALIDATING. Three
-- tables decide it, so three statement triggers append signed deltas, each reading the other two as
-- they stand after its statement: installments written, loans entering or leaving the delivered
-- statuses (or changing customer), customers moved to another agent. Loans are inserted before their
-- installments and deleted after them (the foreign key), so inserting or deleting loans moves nothing.
CREATE FUNCTION "installment_due_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM installment_due_tally;
  INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
  SELECT c.agent_id, sp.due_date, count(*), sum(sp.amount_cents),
         count(*) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')),
         coalesce(sum(sp.amount_cents) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')), 0)
    FROM scheduled_payments sp
    JOIN loans l ON l.id = sp.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
    JOIN customers c ON c.id = l.customer_id
   WHERE sp.status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
   GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- Installments: what the statement added (+) and took away (−) as the tally reads a row (counted,
-- taken, loan, due date, amount), so the accrual's PENDING → DELAYED of tens of thousands of rows
-- cancels out in a hashed EXCEPT before any join (a join of two transition tables, which have no index
-- nor statistics, may be planned as a nested loop).
CREATE FUNCTION "installment_due_tally_installments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.amount_cents) FILTER (WHERE d.taken), 0)
      FROM (SELECT 1 AS sign, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken FROM new_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
      JOIN customers c ON c.id = l.customer_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.amount_cents) FILTER (WHERE d.taken) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.amount_cents) FILTER (WHERE d.taken), 0)
      FROM (SELECT -1 AS sign, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken FROM old_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
      JOIN customers c ON c.id = l.customer_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.amount_cents) FILTER (WHERE d.taken) <> 0;
  ELSE
    INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.amount_cents) FILTER (WHERE d.taken), 0)
      FROM (SELECT 1 AS sign, loan_id, due_date, amount_cents, taken
              FROM (SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken FROM new_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
                    EXCEPT SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken FROM old_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) entered
            UNION ALL
            SELECT -1, loan_id, due_date, amount_cents, taken
              FROM (SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken FROM old_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
                    EXCEPT SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken FROM new_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) left_behind) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
      JOIN customers c ON c.id = l.customer_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.amount_cents) FILTER (WHERE d.taken) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_due_tally_insert" AFTER INSERT ON "scheduled_payments"
  REFERENCING NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_installments();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_due_tally_update" AFTER UPDATE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_installments();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_due_tally_delete" AFTER DELETE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_installments();
--> statement-breakpoint
-- Loans: those that entered or left the delivered statuses, or changed customer, take their counted
-- installments (scheduled_payments_loan_due_idx) out of the agent they counted for and into the one
-- they count for now. A payment or a day's fees change balances only and cancel out in the EXCEPT.
CREATE FUNCTION "installment_due_tally_loans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.amount_cents) FILTER (WHERE d.taken), 0)
      FROM (SELECT m.sign, m.customer_id, sp.due_date, sp.amount_cents, sp.status IN ('PAID', 'VALIDATING') AS taken
              FROM (SELECT 1 AS sign, id, customer_id
                      FROM (SELECT id, customer_id FROM new_loans WHERE status IN ('ACTIVE', 'DELAYED', 'PAID')
                            EXCEPT SELECT id, customer_id FROM old_loans WHERE status IN ('ACTIVE', 'DELAYED', 'PAID')) entered
                    UNION ALL
                    SELECT -1, id, customer_id
                      FROM (SELECT id, customer_id FROM old_loans WHERE status IN ('ACTIVE', 'DELAYED', 'PAID')
                            EXCEPT SELECT id, customer_id FROM new_loans WHERE status IN ('ACTIVE', 'DELAYED', 'PAID')) left_behind) m
              JOIN scheduled_payments sp ON sp.loan_id = m.id AND sp.status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) d
      JOIN customers c ON c.id = d.customer_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.amount_cents) FILTER (WHERE d.taken) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loans_due_tally_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_loans NEW TABLE AS new_loans
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_loans();
--> statement-breakpoint
-- Customers moved to another agent: their delivered loans' counted installments go from the agent they
-- had to the one they have. Other writes of customers (the current-loan refresh on every loan status
-- change, edits) keep the agent and cancel out in the EXCEPT.
CREATE FUNCTION "installment_due_tally_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
  SELECT m.agent_id, sp.due_date, sum(m.sign), sum(m.sign * sp.amount_cents),
         coalesce(sum(m.sign) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')), 0),
         coalesce(sum(m.sign * sp.amount_cents) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')), 0)
    FROM (SELECT 1 AS sign, id, agent_id
            FROM (SELECT id, agent_id FROM new_customers EXCEPT SELECT id, agent_id FROM old_customers) entered
          UNION ALL
          SELECT -1, id, agent_id
            FROM (SELECT id, agent_id FROM old_customers EXCEPT SELECT id, agent_id FROM new_customers) left_behind) m
    JOIN loans l ON l.customer_id = m.id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
    JOIN scheduled_payments sp ON sp.loan_id = l.id AND sp.status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
   GROUP BY 1, 2
  HAVING sum(m.sign) <> 0 OR sum(m.sign * sp.amount_cents) <> 0
      OR sum(m.sign) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')) <> 0 OR sum(m.sign * sp.amount_cents) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_due_tally_update" AFTER UPDATE ON "customers"
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_customers();
--> statement-breakpoint
-- A TRUNCATE leaves no transition table: the tally is taken again from what is left.
CREATE FUNCTION "installment_due_tally_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM installment_due_tally_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_due_tally_truncate" AFTER TRUNCATE ON "scheduled_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_truncated();
--> statement-breakpoint
CREATE TRIGGER "loans_due_tally_truncate" AFTER TRUNCATE ON "loans"
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_truncated();
--> statement-breakpoint
CREATE TRIGGER "customers_due_tally_truncate" AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION installment_due_tally_truncated();
--> statement-breakpoint
-- The installments already there (CREATE TRIGGER holds off writes to the three tables until this
-- migration commits).
SELECT installment_due_tally_rebuild();
