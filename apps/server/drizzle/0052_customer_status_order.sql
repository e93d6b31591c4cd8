-- A loan falling behind (ACTIVE → DELAYED) or catching up changes its customer's copied
-- current_loan_status. If an index read that column, every such change would be a non-HOT update: a
-- new entry in each of the customers' dozen indexes, and after a checkpoint a full-page image of each
-- index page it lands on (~0.25 ms a customer; ~200,000 customers on an accrual's first run over a
-- million loans). So no index reads it: the open-route index tests current_loan_open, which an open
-- loan's change of status leaves alone, and the status order lives in customer_status_order, whose
-- narrow row and two index entries move instead. The customer's row is then rewritten in its own page
-- (HOT), for which the table keeps 10 % of each page free (the rewrite below lays every page out so).
ALTER TABLE "customers" SET (fillfactor = 90);--> statement-breakpoint
DROP INDEX "customers_status_order_idx";--> statement-breakpoint
DROP INDEX "customers_open_route_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "current_loan_open" boolean GENERATED ALWAYS AS (coalesce("customers"."current_loan_status" in ('ACTIVE', 'DELAYED'), false)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_open_route_idx" ON "customers" USING btree (("route_postal_code" collate "C"),("route_colonia_key" collate "C"),(unaccent_lower("last_name") collate "C"),(unaccent_lower("name") collate "C")) WHERE "customers"."current_loan_open";--> statement-breakpoint
-- The place of a current loan's status (null: no loan) in the alphabetical order of the Spanish labels
-- (db/schema/customers.ts currentLoanStatusRank, which a test compares with this).
CREATE FUNCTION "customer_status_rank"(status text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE status WHEN 'ACTIVE' THEN 0 WHEN 'APPROVED' THEN 1 WHEN 'DELAYED' THEN 2 WHEN 'CANCELLED' THEN 3
                      WHEN 'WRITTEN_OFF' THEN 4 WHEN 'PENDING' THEN 5 WHEN 'PAID' THEN 6 ELSE 7 END)::smallint
$$;--> statement-breakpoint
CREATE TABLE "customer_status_order" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"rank" smallint NOT NULL
);--> statement-breakpoint
INSERT INTO "customer_status_order" ("customer_id", "rank")
  SELECT "id", customer_status_rank("current_loan_status") FROM "customers";--> statement-breakpoint
ALTER TABLE "customer_status_order" ADD CONSTRAINT "customer_status_order_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_status_order_idx" ON "customer_status_order" USING btree ("rank","customer_id");--> statement-breakpoint
-- Every new customer gets their place (no loan yet, or whatever status a bulk load wrote), whatever
-- code inserted them; a deleted one loses it with them (the cascade).
CREATE FUNCTION "customer_status_order_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_status_order (customer_id, rank)
  SELECT id, customer_status_rank(current_loan_status) FROM new_customers;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "customers_status_order_insert" AFTER INSERT ON "customers"
  REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_status_order_insert();
--> statement-breakpoint
-- THE rule of a customer's current loan (migration list_columns), also moving the customers whose
-- status changed in the status order: the only place current_loan_status is written.
CREATE OR REPLACE FUNCTION "customers_current_loan_refresh_for"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH picked AS (
    SELECT DISTINCT ON (l.customer_id) l.customer_id, l.id, l.status
      FROM loans l
     WHERE l.customer_id = ANY (ids) AND l.status <> 'CANCELLED'
     ORDER BY l.customer_id, (l.status IN ('ACTIVE', 'DELAYED')) DESC, l.created_on DESC, l.id DESC
  ),
  changed AS (
    UPDATE customers c
       SET current_loan_id = p.id, current_loan_status = p.status
      FROM unnest(ids) AS t(customer_id)
      LEFT JOIN picked p ON p.customer_id = t.customer_id
     WHERE c.id = t.customer_id
       AND (c.current_loan_id, c.current_loan_status) IS DISTINCT FROM (p.id, p.status)
    RETURNING c.id, customer_status_rank(c.current_loan_status) AS rank
  )
  UPDATE customer_status_order o
     SET rank = changed.rank
    FROM changed
   WHERE o.customer_id = changed.id AND o.rank <> changed.rank;
$$;
