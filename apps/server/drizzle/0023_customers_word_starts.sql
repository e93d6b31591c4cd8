-- A name search's first look (modules/customers/search.ts moreNameMatchesThan): the customers with a
-- word of search_text that starts with what was typed, as a range of one of these indexes per word
-- position (db/schema/customers.ts searchTextFromWord writes the same expressions). The C collation
-- makes a prefix a contiguous range; INCLUDE lets the range be read from the index alone (an index-only
-- scan of an expression needs the column it is computed from), stopping after the rows it needs.
CREATE INDEX "customers_word_start_0_idx" ON "customers" USING btree (("search_text" collate "C")) INCLUDE ("id");--> statement-breakpoint
CREATE INDEX "customers_word_start_1_idx" ON "customers" USING btree ((substring("search_text" from '^(?:\S+ ){1}(.*)$') collate "C")) INCLUDE ("search_text", "id");--> statement-breakpoint
CREATE INDEX "customers_word_start_2_idx" ON "customers" USING btree ((substring("search_text" from '^(?:\S+ ){2}(.*)$') collate "C")) INCLUDE ("search_text", "id");--> statement-breakpoint
CREATE INDEX "customers_word_start_3_idx" ON "customers" USING btree ((substring("search_text" from '^(?:\S+ ){3}(.*)$') collate "C")) INCLUDE ("search_text", "id");
