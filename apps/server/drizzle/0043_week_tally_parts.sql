-- The 'Semana' of Cobranza counts what was really collected of the installments due: an installment
-- PAID or VALIDATING is taken whole, as before, and one paid in part by an abono ('Abono') counts the
-- part paid (paid_cents) and the part an abono awaiting confirmation holds (held_cents), as a whole
-- installment in validation counts. Without it, an installment with $900 of $1,000 paid read as
-- nothing collected. taken_n still counts whole installments only. The trigger functions of
-- migration installment_due_tally are replaced with the new taken_cents, and each compares the part
-- too, so an abono's write (a paid or held part moved, status unchanged) appends its delta.
CREATE OR REPLACE FUNCTION "installment_due_tally_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM installment_due_tally;
  INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
  SELECT c.agent_id, sp.due_date, count(*), sum(sp.amount_cents),
         count(*) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')),
         coalesce(sum(CASE WHEN sp.status IN ('PAID', 'VALIDATING') THEN sp.amount_cents ELSE sp.paid_cents + sp.held_cents END), 0)
    FROM scheduled_payments sp
    JOIN loans l ON l.id = sp.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
    JOIN customers c ON c.id = l.customer_id
   WHERE sp.status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
   GROUP BY 1, 2;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "installment_due_tally_installments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.taken_cents), 0)
      FROM (SELECT 1 AS sign, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken,
                   CASE WHEN status IN ('PAID', 'VALIDATING') THEN amount_cents ELSE paid_cents + held_cents END AS taken_cents
              FROM new_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
      JOIN customers c ON c.id = l.customer_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.taken_cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.taken_cents), 0)
      FROM (SELECT -1 AS sign, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken,
                   CASE WHEN status IN ('PAID', 'VALIDATING') THEN amount_cents ELSE paid_cents + held_cents END AS taken_cents
              FROM old_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
      JOIN customers c ON c.id = l.customer_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.taken_cents) <> 0;
  ELSE
    INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.taken_cents), 0)
      FROM (SELECT 1 AS sign, loan_id, due_date, amount_cents, taken, taken_cents
              FROM (SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken,
                           CASE WHEN status IN ('PAID', 'VALIDATING') THEN amount_cents ELSE paid_cents + held_cents END AS taken_cents
                      FROM new_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
                    EXCEPT SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken,
                           CASE WHEN status IN ('PAID', 'VALIDATING') THEN amount_cents ELSE paid_cents + held_cents END AS taken_cents
                      FROM old_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) entered
            UNION ALL
            SELECT -1, loan_id, due_date, amount_cents, taken, taken_cents
              FROM (SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken,
                           CASE WHEN status IN ('PAID', 'VALIDATING') THEN amount_cents ELSE paid_cents + held_cents END AS taken_cents
                      FROM old_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
                    EXCEPT SELECT id, loan_id, due_date, amount_cents, status IN ('PAID', 'VALIDATING') AS taken,
                           CASE WHEN status IN ('PAID', 'VALIDATING') THEN amount_cents ELSE paid_cents + held_cents END AS taken_cents
                      FROM new_installments WHERE status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')) left_behind) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
      JOIN customers c ON c.id = l.customer_id
     GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount_cents) <> 0
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.taken_cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "installment_due_tally_loans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
    SELECT c.agent_id, d.due_date, sum(d.sign), sum(d.sign * d.amount_cents),
           coalesce(sum(d.sign) FILTER (WHERE d.taken), 0),
           coalesce(sum(d.sign * d.taken_cents), 0)
      FROM (SELECT m.sign, m.customer_id, sp.due_date, sp.amount_cents, sp.status IN ('PAID', 'VALIDATING') AS taken,
                   CASE WHEN sp.status IN ('PAID', 'VALIDATING') THEN sp.amount_cents ELSE sp.paid_cents + sp.held_cents END AS taken_cents
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
        OR sum(d.sign) FILTER (WHERE d.taken) <> 0 OR sum(d.sign * d.taken_cents) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "installment_due_tally_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO installment_due_tally (agent_id, due_date, n, amount_cents, taken_n, taken_cents)
  SELECT m.agent_id, sp.due_date, sum(m.sign), sum(m.sign * sp.amount_cents),
         coalesce(sum(m.sign) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')), 0),
         coalesce(sum(m.sign * CASE WHEN sp.status IN ('PAID', 'VALIDATING') THEN sp.amount_cents ELSE sp.paid_cents + sp.held_cents END), 0)
    FROM (SELECT 1 AS sign, id, agent_id
            FROM (SELECT id, agent_id FROM new_customers EXCEPT SELECT id, agent_id FROM old_customers) entered
          UNION ALL
          SELECT -1, id, agent_id
            FROM (SELECT id, agent_id FROM old_customers EXCEPT SELECT id, agent_id FROM new_customers) left_behind) m
    JOIN loans l ON l.customer_id = m.id AND l.status IN ('ACTIVE', 'DELAYED', 'PAID')
    JOIN scheduled_payments sp ON sp.loan_id = l.id AND sp.status NOT IN ('REJECTED', 'CANCELLED', 'RESTRUCTURED')
   GROUP BY 1, 2
  HAVING sum(m.sign) <> 0 OR sum(m.sign * sp.amount_cents) <> 0
      OR sum(m.sign) FILTER (WHERE sp.status IN ('PAID', 'VALIDATING')) <> 0
      OR sum(m.sign * CASE WHEN sp.status IN ('PAID', 'VALIDATING') THEN sp.amount_cents ELSE sp.paid_cents + sp.held_cents END) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The installments already there, taken again with their parts (CREATE OR REPLACE keeps the triggers
-- that call these functions).
SELECT installment_due_tally_rebuild();
