CREATE TABLE "aml_blocked_persons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"name" text NOT NULL,
	"folded_name" text NOT NULL,
	"curp" text,
	"rfc" text,
	"list" text NOT NULL,
	"listed_on" date
);
--> statement-breakpoint
CREATE TABLE "aml_cases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_id" uuid,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"description" text NOT NULL,
	"opened_by" uuid,
	"opened_on" timestamp with time zone DEFAULT now() NOT NULL,
	"conclusion" text,
	"closed_by" uuid,
	"closed_on" timestamp with time zone,
	CONSTRAINT "aml_cases_status_valid" CHECK ("aml_cases"."status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "aml_cases_texts" CHECK (char_length("aml_cases"."description") between 3 and 1000
      and ("aml_cases"."status" = 'OPEN') = ("aml_cases"."conclusion" is null))
);
--> statement-breakpoint
CREATE TABLE "aml_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer NOT NULL,
	"matches_found" integer DEFAULT 0 NOT NULL,
	"imported_by" uuid,
	"imported_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aml_matches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"blocked_person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"matched_value" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"found_on" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_on" timestamp with time zone,
	CONSTRAINT "aml_matches_kind_valid" CHECK ("aml_matches"."kind" in ('CURP', 'RFC', 'NAME')),
	CONSTRAINT "aml_matches_status_valid" CHECK ("aml_matches"."status" in ('OPEN', 'RESOLVED')),
	CONSTRAINT "aml_matches_resolution" CHECK (("aml_matches"."status" = 'OPEN') = ("aml_matches"."resolution" is null) and char_length("aml_matches"."resolution") between 3 and 300)
);
--> statement-breakpoint
CREATE TABLE "aml_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"single_cash_cents" bigint DEFAULT 15000000 NOT NULL,
	"monthly_cash_cents" bigint DEFAULT 15000000 NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "aml_settings_one_row" CHECK ("aml_settings"."id" = 1),
	CONSTRAINT "aml_settings_bounds" CHECK ("aml_settings"."single_cash_cents" between 100 and 10000000000
        and "aml_settings"."monthly_cash_cents" between 100 and 10000000000)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "aml_folded_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "aml_blocked_persons" ADD CONSTRAINT "aml_blocked_persons_list_id_aml_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."aml_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_cases" ADD CONSTRAINT "aml_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_cases" ADD CONSTRAINT "aml_cases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_cases" ADD CONSTRAINT "aml_cases_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_cases" ADD CONSTRAINT "aml_cases_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_lists" ADD CONSTRAINT "aml_lists_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_matches" ADD CONSTRAINT "aml_matches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_matches" ADD CONSTRAINT "aml_matches_blocked_person_id_aml_blocked_persons_id_fk" FOREIGN KEY ("blocked_person_id") REFERENCES "public"."aml_blocked_persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_matches" ADD CONSTRAINT "aml_matches_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aml_blocked_persons_list_idx" ON "aml_blocked_persons" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "aml_blocked_persons_folded_idx" ON "aml_blocked_persons" USING btree ("folded_name");--> statement-breakpoint
CREATE INDEX "aml_blocked_persons_curp_idx" ON "aml_blocked_persons" USING btree ("curp");--> statement-breakpoint
CREATE INDEX "aml_blocked_persons_rfc_idx" ON "aml_blocked_persons" USING btree ("rfc");--> statement-breakpoint
CREATE INDEX "aml_cases_opened_idx" ON "aml_cases" USING btree ("opened_on");--> statement-breakpoint
CREATE INDEX "aml_lists_imported_idx" ON "aml_lists" USING btree ("imported_on");--> statement-breakpoint
CREATE UNIQUE INDEX "aml_matches_customer_value_unique" ON "aml_matches" USING btree ("customer_id","kind","matched_value");--> statement-breakpoint
CREATE INDEX "aml_matches_open_customer_idx" ON "aml_matches" USING btree ("customer_id") WHERE "aml_matches"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "aml_matches_status_found_idx" ON "aml_matches" USING btree ("status","found_on");--> statement-breakpoint
CREATE INDEX "customers_aml_folded_name_idx" ON "customers" USING btree ("aml_folded_name");--> statement-breakpoint
-- A customer's full name folded for the blocked-persons screening, exactly as packages/domain foldName
-- folds a listed name: search_text is already lower case without accents (written by the service from
-- normalizeForSearch) and ends with the 10-digit phone; the phone is dropped, punctuation becomes a
-- space and the words are sorted (byte order, as JavaScript sorts them).
CREATE FUNCTION aml_fold_search_text(search_text text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(word, ' ' ORDER BY word COLLATE "C"), '')
  FROM unnest(regexp_split_to_array(
    regexp_replace(regexp_replace(search_text, '\s*[0-9]{10}$', ''), '[^[:alnum:]]+', ' ', 'g'), ' ')) AS word
  WHERE word <> ''
$$;--> statement-breakpoint
-- Written on every insert and on every change of search_text, whatever code path writes the customer.
CREATE FUNCTION customers_aml_folded_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.aml_folded_name := aml_fold_search_text(NEW.search_text);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_aml_folded_name BEFORE INSERT OR UPDATE OF search_text ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_aml_folded_name();--> statement-breakpoint
UPDATE customers SET aml_folded_name = aml_fold_search_text(search_text);--> statement-breakpoint
-- The one row of the relevant-operation thresholds, at their documented defaults.
INSERT INTO aml_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
