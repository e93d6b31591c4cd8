-- unaccent() cannot be indexed: it is only STABLE, because its one-argument form looks its dictionary
-- up through search_path at every call. This wrapper names the dictionary as a regdictionary constant
-- in a SQL-standard body, so both are bound (by OID) when it is created and the result depends on its
-- argument alone: IMMUTABLE holds unless someone edits the unaccent rules file (then REINDEX).
CREATE FUNCTION "unaccent_lower"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN unaccent('unaccent'::regdictionary, lower($1));
--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree (unaccent_lower("name"),unaccent_lower("last_name"),"num");
