-- Later issues search text with trigram indexes and accent-insensitive matching. Both extensions are
-- "trusted" since PostgreSQL 13, so a database owner may create them; PGlite loads them as contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
