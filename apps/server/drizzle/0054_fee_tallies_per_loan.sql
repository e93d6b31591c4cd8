-- What a statement on fees changes in the loans' collection figures, taken per loan rather than per
-- fee. The daily accrual inserts tens of thousands of fees a batch for a few thousand loans: a join of
-- every fee to its loan would probe the loans' key once per fee. And no fee changes a loan's oldest
-- payable due date, so the fees' refresh reads no installments.
--
-- The PENDING fees' open amount (collection_due_tally's null day): summed per loan first, so each
-- loan's status is read once.
CREATE OR REPLACE FUNCTION "collection_due_tally_fees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT NULL, 0, 0, 0, sum(n.cents)
      FROM (SELECT loan_id, sum(amount_cents - paid_cents - held_cents) AS cents
              FROM new_fees WHERE status = 'PENDING' GROUP BY loan_id) n
      JOIN loans l ON l.id = n.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
    HAVING sum(n.cents) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT NULL, 0, 0, 0, -sum(o.cents)
      FROM (SELECT loan_id, sum(amount_cents - paid_cents - held_cents) AS cents
              FROM old_fees WHERE status = 'PENDING' GROUP BY loan_id) o
      JOIN loans l ON l.id = o.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
    HAVING sum(o.cents) <> 0;
  ELSE
    INSERT INTO collection_due_tally (day, loans, fee_loans, due_cents, fee_cents)
    SELECT NULL, 0, 0, 0, sum(d.cents)
      FROM (
        SELECT loan_id, sum(sign * cents) AS cents
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
                FROM new_fees WHERE status = 'PENDING') left_behind) moved
         GROUP BY loan_id) d
      JOIN loans l ON l.id = d.loan_id AND l.status IN ('ACTIVE', 'DELAYED')
    HAVING sum(d.cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A loan's PENDING fees' count alone: loan_collection_due_refresh without the installments' read.
CREATE FUNCTION "loan_pending_fees_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET pending_fees = f.fees
    FROM (
      SELECT t.loan_id,
             (SELECT count(*)::int FROM fees fe
               WHERE fe.loan_id = t.loan_id AND fe.status = 'PENDING') AS fees
        FROM (SELECT DISTINCT unnest(ids) AS loan_id) t) f
   WHERE l.id = f.loan_id
     AND l.pending_fees IS DISTINCT FROM f.fees;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fees_collection_due"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM new_fees WHERE status = 'PENDING');
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM old_fees WHERE status = 'PENDING');
  ELSE
    ids := ARRAY(
      SELECT unnest(ARRAY[o.loan_id, n.loan_id])
        FROM old_fees o JOIN new_fees n ON n.id = o.id
       WHERE (o.status = 'PENDING') <> (n.status = 'PENDING')
          OR ((o.status = 'PENDING' OR n.status = 'PENDING') AND o.loan_id <> n.loan_id));
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM loan_pending_fees_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
