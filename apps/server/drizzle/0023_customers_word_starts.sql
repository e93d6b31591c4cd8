-- A name search's first look (modules/customers/search.ts moreNameMatchesThan): every customer's
-- search_text from each of its words that does not start with a digit (names and surnames, not the
-- phone), in the C collation, where the texts that start with what was typed are one contiguous range
-- of the primary key, read from the index alone. Kept by the triggers below whatever code writes a
-- customer, and only when search_text changes: an update of anything else (a customer's current loan
-- status changes with every loan's, the accrual's ACTIVE -> DELAYED among them) never touches it.
CREATE TABLE "customer_word_starts" (
  "word_start" text COLLATE "C" NOT NULL,
  "customer_id" uuid NOT NULL REFERENCES "customers" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("word_start", "customer_id")
);--> statement-breakpoint
CREATE INDEX "customer_word_starts_customer_idx" ON "customer_word_starts" ("customer_id");--> statement-breakpoint
CREATE FUNCTION customer_word_starts_of(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT DISTINCT array_to_string(words[k:], ' ')
    FROM (SELECT string_to_array(search_text, ' ') AS words) w, generate_subscripts(w.words, 1) k
   WHERE w.words[k] !~ '^[0-9]'
$$;--> statement-breakpoint
CREATE FUNCTION customer_word_starts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_word_starts (word_start, customer_id)
  SELECT s, n.id FROM new_rows n, customer_word_starts_of(n.search_text) s;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION customer_word_starts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_word_starts WHERE customer_id = NEW.id;
  INSERT INTO customer_word_starts (word_start, customer_id)
  SELECT s, NEW.id FROM customer_word_starts_of(NEW.search_text) s;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customer_word_starts_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_word_starts_insert();--> statement-breakpoint
-- A rename is one row at a time (a statement trigger with a column list cannot see transition tables).
CREATE TRIGGER customer_word_starts_update AFTER UPDATE OF search_text ON customers
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION customer_word_starts_update();--> statement-breakpoint
INSERT INTO customer_word_starts (word_start, customer_id)
  SELECT s, c.id FROM customers c, customer_word_starts_of(c.search_text) s;--> statement-breakpoint
-- How many customers start a word with `term` (normalised like search_text), counted up to `cap`:
-- one range of the primary key, at most 2 x `cap` entries (a customer can start two words with the
-- term), each customer once. PL/pgSQL keeps the statement's plan for the connection's later calls.
CREATE FUNCTION customers_word_start_matches(term text, cap integer) RETURNS integer
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  matches integer;
BEGIN
  SELECT count(DISTINCT customer_id)::integer INTO matches
    FROM (SELECT customer_id FROM customer_word_starts
           WHERE word_start >= term AND word_start < term || chr(1114111) AND starts_with(word_start, term)
           ORDER BY word_start LIMIT 2 * cap) firsts;
  RETURN least(matches, cap);
END
$$;
