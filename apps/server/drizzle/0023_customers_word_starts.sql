-- A name search's first look (modules/customers/search.ts moreNameMatchesThan): the customers with a
-- word of search_text that starts with what was typed, as a range of one of these indexes per word
-- position (the first four words hold a customer's names and surnames; the phone is the last word).
-- The C collation makes a prefix a contiguous range; INCLUDE lets the range be read from the index
-- alone (an index-only scan of an expression needs the column it is computed from), stopping after the
-- rows it needs.
CREATE INDEX "customers_word_start_0_idx" ON "customers" USING btree (("search_text" collate "C")) INCLUDE ("id");--> statement-breakpoint
CREATE INDEX "customers_word_start_1_idx" ON "customers" USING btree ((substring("search_text" from '^(?:\S+ ){1}(.*)$') collate "C")) INCLUDE ("search_text", "id");--> statement-breakpoint
CREATE INDEX "customers_word_start_2_idx" ON "customers" USING btree ((substring("search_text" from '^(?:\S+ ){2}(.*)$') collate "C")) INCLUDE ("search_text", "id");--> statement-breakpoint
CREATE INDEX "customers_word_start_3_idx" ON "customers" USING btree ((substring("search_text" from '^(?:\S+ ){3}(.*)$') collate "C")) INCLUDE ("search_text", "id");--> statement-breakpoint
-- How many customers start a word with `term` (normalised like search_text), counted up to `cap`: at
-- most `cap` rows from each index above, each customer once. PL/pgSQL keeps the statement's plan for
-- the connection's later calls: planning the four ranges cost more than reading them.
CREATE FUNCTION customers_word_start_matches(term text, cap integer) RETURNS integer
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  upper_bound text := term || chr(1114111);
  matches integer;
BEGIN
  SELECT count(DISTINCT id)::integer INTO matches
    FROM (SELECT id FROM (
      (SELECT id FROM customers
        WHERE (search_text COLLATE "C") >= term AND (search_text COLLATE "C") < upper_bound AND starts_with((search_text COLLATE "C"), term)
        ORDER BY (search_text COLLATE "C") LIMIT cap)
      UNION ALL
      (SELECT id FROM customers
        WHERE (substring(search_text FROM '^(?:\S+ ){1}(.*)$') COLLATE "C") >= term AND (substring(search_text FROM '^(?:\S+ ){1}(.*)$') COLLATE "C") < upper_bound AND starts_with((substring(search_text FROM '^(?:\S+ ){1}(.*)$') COLLATE "C"), term)
        ORDER BY (substring(search_text FROM '^(?:\S+ ){1}(.*)$') COLLATE "C") LIMIT cap)
      UNION ALL
      (SELECT id FROM customers
        WHERE (substring(search_text FROM '^(?:\S+ ){2}(.*)$') COLLATE "C") >= term AND (substring(search_text FROM '^(?:\S+ ){2}(.*)$') COLLATE "C") < upper_bound AND starts_with((substring(search_text FROM '^(?:\S+ ){2}(.*)$') COLLATE "C"), term)
        ORDER BY (substring(search_text FROM '^(?:\S+ ){2}(.*)$') COLLATE "C") LIMIT cap)
      UNION ALL
      (SELECT id FROM customers
        WHERE (substring(search_text FROM '^(?:\S+ ){3}(.*)$') COLLATE "C") >= term AND (substring(search_text FROM '^(?:\S+ ){3}(.*)$') COLLATE "C") < upper_bound AND starts_with((substring(search_text FROM '^(?:\S+ ){3}(.*)$') COLLATE "C"), term)
        ORDER BY (substring(search_text FROM '^(?:\S+ ){3}(.*)$') COLLATE "C") LIMIT cap)
    ) starts LIMIT 2 * cap) firsts;
  RETURN least(matches, cap);
END
$$;
