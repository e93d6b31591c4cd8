import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Whether customers has an `rfc` column: the screening compares RFCs only once the customers' RFC is
 * stored (another migration adds it). Asked of the catalog each time, so no process keeps a stale
 * answer across a migration.
 */
export async function customersHaveRfc(db: DbOrTx): Promise<boolean> {
  const rows = rowsOf<{ present: boolean }>(
    await db.execute(sql`select exists (
      select 1 from information_schema.columns
       where table_schema = current_schema() and table_name = 'customers' and column_name = 'rfc') as present`),
  );
  return rows[0]?.present === true;
}
