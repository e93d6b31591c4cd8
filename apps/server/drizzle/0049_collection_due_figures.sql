ALTER TABLE "loans" ADD COLUMN "oldest_payable_due_date" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "pending_fees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "loans_open_payable_due_idx" ON "loans" USING btree ("oldest_payable_due_date") WHERE "loans"."status" in ('ACTIVE', 'DELAYED');--> statement-breakpoint
CREATE INDEX "loans_open_pending_fees_idx" ON "loans" USING btree ("id") WHERE "loans"."status" in ('ACTIVE', 'DELAYED') and "loans"."pending_fees" > 0;--> statement-breakpoint
-- What 'Cobranza' decides its tabs on, summed up on the loan row (collections/due-loans.ts): the oldest
-- payable installment's due date (PENDING, DELAYED: domain PAYABLE_INSTALLMENT_STATUSES) and how many
-- fees are PENDING (PAYABLE_FEE_STATUSES). Writes only the loans whose figures change.
CREATE FUNCTION "loan_collection_due_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET oldest_payable_due_date = f.oldest, pending_fees = f.fees
    FROM (
      SELECT t.loan_id,
             (SELECT min(sp.due_date) FROM scheduled_payments sp
               WHERE sp.loan_id = t.loan_id AND sp.status IN ('PENDING', 'DELAYED')) AS oldest,
             (SELECT count(*)::int FROM fees fe
               WHERE fe.loan_id = t.loan_id AND fe.status = 'PENDING') AS fees
        FROM (SELECT DISTINCT unnest(ids) AS loan_id) t) f
   WHERE l.id = f.loan_id
     AND (l.oldest_payable_due_date, l.pending_fees) IS DISTINCT FROM (f.oldest, f.fees);
$$;
--> statement-breakpoint
-- The same for every loan in one pass (the migration, a bulk load).
CREATE FUNCTION "loan_collection_due_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE loans l
     SET oldest_payable_due_date = i.oldest, pending_fees = coalesce(f.fees, 0)
    FROM loans k
    LEFT JOIN (
      SELECT loan_id, min(due_date) AS oldest FROM scheduled_payments
       WHERE status IN ('PENDING', 'DELAYED') GROUP BY loan_id) i ON i.loan_id = k.id
    LEFT JOIN (
      SELECT loan_id, count(*)::int AS fees FROM fees WHERE status = 'PENDING' GROUP BY loan_id) f
      ON f.loan_id = k.id
   WHERE l.id = k.id
     AND (l.oldest_payable_due_date, l.pending_fees) IS DISTINCT FROM (i.oldest, coalesce(f.fees, 0));
$$;
--> statement-breakpoint
SELECT loan_collection_due_rebuild();
--> statement-breakpoint
-- The loans of the installments a statement inserted or deleted, or of an updated row that became or
-- stopped being payable, or that changed due date or loan while payable: the accrual's PENDING → DELAYED
-- (payable on both sides) and abonos' paid parts cost the join, not a refresh.
CREATE FUNCTION "scheduled_payments_collection_due"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM new_installments WHERE status IN ('PENDING', 'DELAYED'));
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT loan_id FROM old_installments WHERE status IN ('PENDING', 'DELAYED'));
  ELSE
    ids := ARRAY(
      SELECT unnest(ARRAY[o.loan_id, n.loan_id])
        FROM old_installments o JOIN new_installments n ON n.id = o.id
       WHERE (o.status IN ('PENDING', 'DELAYED')) <> (n.status IN ('PENDING', 'DELAYED'))
          OR ((o.status IN ('PENDING', 'DELAYED') OR n.status IN ('PENDING', 'DELAYED'))
              AND (o.due_date, o.loan_id) IS DISTINCT FROM (n.due_date, n.loan_id)));
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM loan_collection_due_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_insert" AFTER INSERT ON "scheduled_payments"
  REFERENCING NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_collection_due();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_update" AFTER UPDATE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments NEW TABLE AS new_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_collection_due();
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_delete" AFTER DELETE ON "scheduled_payments"
  REFERENCING OLD TABLE AS old_installments
  FOR EACH STATEMENT EXECUTE FUNCTION scheduled_payments_collection_due();
--> statement-breakpoint
-- The loans of the fees a statement inserted or deleted while PENDING, or that became or stopped being
-- PENDING, or moved to another loan.
CREATE FUNCTION "fees_collection_due"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM loan_collection_due_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_insert" AFTER INSERT ON "fees"
  REFERENCING NEW TABLE AS new_fees
  FOR EACH STATEMENT EXECUTE FUNCTION fees_collection_due();
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_update" AFTER UPDATE ON "fees"
  REFERENCING OLD TABLE AS old_fees NEW TABLE AS new_fees
  FOR EACH STATEMENT EXECUTE FUNCTION fees_collection_due();
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_delete" AFTER DELETE ON "fees"
  REFERENCING OLD TABLE AS old_fees
  FOR EACH STATEMENT EXECUTE FUNCTION fees_collection_due();
--> statement-breakpoint
-- A TRUNCATE leaves no transition table: the figures are taken again from what is left.
CREATE FUNCTION "collection_due_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loan_collection_due_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scheduled_payments_collection_due_truncate" AFTER TRUNCATE ON "scheduled_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_truncated();
--> statement-breakpoint
CREATE TRIGGER "fees_collection_due_truncate" AFTER TRUNCATE ON "fees"
  FOR EACH STATEMENT EXECUTE FUNCTION collection_due_truncated();
