CREATE TABLE "loan_status_tally" (
	"status" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- One row per status a statement changed: +count for statuses loans entered, −count for the ones they
-- left (an UPDATE that keeps every status adds nothing). Append-only, so concurrent writers never wait
-- on a counter row; Σ n per status is the number of loans in it.
CREATE FUNCTION "loan_status_tally_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loan_status_tally (status, n) SELECT status, count(*) FROM new_loans GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loan_status_tally (status, n) SELECT status, -count(*) FROM old_loans GROUP BY status;
  ELSE
    INSERT INTO loan_status_tally (status, n)
    SELECT status, sum(change) FROM (
      SELECT status, 1 AS change FROM new_loans
      UNION ALL
      SELECT status, -1 FROM old_loans
    ) changes
    GROUP BY status
    HAVING sum(change) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "loan_status_tally_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM loan_status_tally;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "loans_status_tally_insert" AFTER INSERT ON "loans"
  REFERENCING NEW TABLE AS new_loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_status_tally_changes();
--> statement-breakpoint
CREATE TRIGGER "loans_status_tally_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_loans NEW TABLE AS new_loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_status_tally_changes();
--> statement-breakpoint
CREATE TRIGGER "loans_status_tally_delete" AFTER DELETE ON "loans"
  REFERENCING OLD TABLE AS old_loans
  FOR EACH STATEMENT EXECUTE FUNCTION loan_status_tally_changes();
--> statement-breakpoint
CREATE TRIGGER "loans_status_tally_truncate" AFTER TRUNCATE ON "loans"
  FOR EACH STATEMENT EXECUTE FUNCTION loan_status_tally_truncated();
--> statement-breakpoint
-- The loans already there (CREATE TRIGGER holds off writes to loans until this migration commits).
INSERT INTO "loan_status_tally" ("status", "n") SELECT "status", count(*) FROM "loans" GROUP BY "status";
