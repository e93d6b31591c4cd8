-- fees (scheduled_payment_id, loan_id) → scheduled_payments (id, loan_id): the installment exists and
-- belongs to the fee's loan. As a FOREIGN KEY, PostgreSQL checks it one row at a time (an after-trigger
-- event and a locking query per fee), which at the daily accrual's tens of thousands of fees a batch is
-- a large part of each INSERT. These statement triggers keep the same rule under the same name
-- (SQLSTATE 23503, constraint "fees_installment_loan_fk") and do the same work once per statement, as
-- set-based queries over the statement's transition tables.
--
-- Concurrency follows PostgreSQL's own RI triggers (ri_triggers.c), under READ COMMITTED, where every
-- query of a trigger takes a new snapshot:
-- - The fees' side locks each referenced installment FOR KEY SHARE, as RI_FKey_check does. That lock
--   conflicts only with what deletes an installment or changes its id or loan_id (FOR UPDATE), not with
--   the accrual's and payments' updates of its status and amounts (FOR NO KEY UPDATE).
-- - Insert, then delete: T1's fee trigger has locked the installment; T2's DELETE waits on that lock
--   until T1 ends. If T1 committed, T2 deletes the row and its own trigger, whose query starts after the
--   wait, sees T1's fee and fails. If T1 rolled back, there is no fee and T2 succeeds.
-- - Delete, then insert: T2's DELETE is not committed; T1's fee trigger finds the installment (T2's
--   delete is not visible to it) and waits to lock it. If T2 commits, the row is gone and the lock
--   returns nothing for it: fewer rows locked than pairs asked for, so T1 fails. If T2 rolled back, T1
--   locks the row and succeeds. T2's own check could not see T1's uncommitted fee, and need not: T1
--   cannot commit its fee without the lock.
-- - Delete, then insert, T2 committed before T1's trigger ran its query: the query's new snapshot does
--   not see the installment at all. Missing, T1 fails.
-- - The same holds for an UPDATE of an installment's id or loan_id (it also takes FOR UPDATE; a lock
--   that waited on it rechecks the join against the row's new version, which no longer matches) and
--   for an UPDATE of a fee's key (checked like an insert).
-- - The installments' side reads the fees that still reference a removed key FOR KEY SHARE, as
--   ri_restrict does, so a fee being deleted or moved by a transaction still under way is waited for
--   rather than taken for a reference.
-- A REPEATABLE READ or SERIALIZABLE transaction that deletes an installment does not see, from its
-- snapshot, a fee committed while its DELETE waited; PostgreSQL's RI checks it with a crosscheck
-- snapshot that SQL cannot take. The server deletes no installment and changes no installment's key;
-- a hand-written one should do it under READ COMMITTED.
ALTER TABLE "fees" DROP CONSTRAINT "fees_installment_loan_fk";--> statement-breakpoint
-- New fees, and updated fees whose key changed (as RI_FKey_fk_upd_check_required skips a row whose key
-- is unchanged, a payment's update of a fee's status or amounts finds nothing to check): every distinct
-- (installment, loan) pair locked once, in one statement, and counted. The pairs travel as two arrays,
-- which the planner reads as a few rows: one primary-key probe each.
CREATE FUNCTION "fees_installment_key_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  installment_ids uuid[];
  loan_ids uuid[];
  locked bigint;
  missing record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(p.scheduled_payment_id), array_agg(p.loan_id) INTO installment_ids, loan_ids
      FROM (SELECT DISTINCT scheduled_payment_id, loan_id FROM new_fees) p;
  ELSE
    SELECT array_agg(p.scheduled_payment_id), array_agg(p.loan_id) INTO installment_ids, loan_ids
      FROM (SELECT DISTINCT n.scheduled_payment_id, n.loan_id FROM new_fees n
             WHERE NOT EXISTS (SELECT FROM old_fees o WHERE o.id = n.id
                                  AND o.scheduled_payment_id = n.scheduled_payment_id
                                  AND o.loan_id = n.loan_id)) p;
  END IF;
  IF installment_ids IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO locked FROM (
    SELECT FROM scheduled_payments sp
      JOIN unnest(installment_ids, loan_ids) AS p(scheduled_payment_id, loan_id)
        ON sp.id = p.scheduled_payment_id AND sp.loan_id = p.loan_id
       FOR KEY SHARE OF sp) l;
  IF locked < cardinality(installment_ids) THEN
    SELECT p.scheduled_payment_id, p.loan_id INTO missing
      FROM unnest(installment_ids, loan_ids) AS p(scheduled_payment_id, loan_id)
     WHERE NOT EXISTS (SELECT FROM scheduled_payments sp
                        WHERE sp.id = p.scheduled_payment_id AND sp.loan_id = p.loan_id)
     LIMIT 1;
    RAISE EXCEPTION 'insert or update on table "fees" violates foreign key constraint "fees_installment_loan_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'fees_installment_loan_fk',
            SCHEMA = TG_TABLE_SCHEMA, TABLE = TG_TABLE_NAME,
            DETAIL = format('Key (scheduled_payment_id, loan_id)=(%s, %s) is not present in table "scheduled_payments".',
                            missing.scheduled_payment_id, missing.loan_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fees_installment_key_insert" AFTER INSERT ON "fees"
  REFERENCING NEW TABLE AS new_fees
  FOR EACH STATEMENT EXECUTE FUNCTION fees_installment_key_check();
--> statement-breakpoint
CREATE TRIGGER "fees_installment_key_update" AFTER UPDATE ON "fees"
  REFERENCING OLD TABLE AS old_fees NEW TABLE AS new_fees
  FOR EACH STATEMENT EXECUTE FUNCTION fees_installment_key_check();
--> statement-breakpoint
-- Deleted installments, or updated ones whose id or loan_id changed (an update of status or amounts
-- finds nothing in the anti-join): refused while a fee still references a key no row has any more.
-- The fees are found through fees_installment_day_unique (scheduled_payment_id first).
CREATE FUNCTION "scheduled_payments_fees_key_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orphan record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT f.scheduled_payment_id, f.loan_id INTO orphan
      FROM (SELECT DISTINCT id, loan_id FROM old_installments) g
      JOIN fees f ON f.scheduled_payment_id = g.id AND f.loan_id = g.loan_id
     LIMIT 1
       FOR KEY SHARE OF f;
  ELSE
    SELECT f.scheduled_payment_id, f.loan_id INTO orphan
      FROM (SELECT DISTINCT o.id, o.loan_id FROM old_installments o
             WHERE NOT EXISTS (SELECT FROM new_installments n WHERE n.id = o.id AND n.loan_id = o.loan_id)) g
      JOIN fees f ON f.scheduled_payment_id = g.id AND f.loan_id = g.loan_id
     WHERE NOT EXISTS (SELECT FROM scheduled_payments sp WHERE sp.id = g.id AND sp.loan_id = g.loan_id)
     LIMIT 1
       FOR KEY SHARE OF f;
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'update or delete on table "scheduled_payments" violates foreign key constraint "fees_installment_loan_fk" on table "fees"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'fees_installment_loan_fk',
            SCHEMA = TG_TABLE_SCHEMA, TABLE = 'fees',
            DETAIL = format('Key (id, loan_id)=(%s, %s) is still referenced from table "fees".',
                            orphan.scheduled_payment_id, orphan.loan_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_fees_key_update" AFTER UPDATE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_fees_key_check();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_fees_key_delete" AFTER DELETE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_fees_key_check();
--> statement-breakpoint
-- A TRUNCATE has no transition table and fires no delete trigger. With the foreign key, PostgreSQL
-- refused to truncate scheduled_payments unless fees went with it: the same here, checked after the
-- statement, when a TRUNCATE that named both tables (or CASCADE reached fees some other way) has emptied
-- fees too. The table lock it holds keeps any other transaction from locking an installment meanwhile.
CREATE FUNCTION "scheduled_payments_fees_key_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM fees) THEN
    RAISE EXCEPTION 'cannot truncate a table referenced in a foreign key constraint'
      USING ERRCODE = 'feature_not_supported', CONSTRAINT = 'fees_installment_loan_fk',
            SCHEMA = TG_TABLE_SCHEMA, TABLE = 'fees',
            DETAIL = 'Table "fees" references "scheduled_payments" through "fees_installment_loan_fk".',
            HINT = 'Truncate table "fees" at the same time.';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_fees_key_truncate" AFTER TRUNCATE ON "scheduled_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_fees_key_truncated();
