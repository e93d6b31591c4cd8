import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { checkImport } from '../../src/modules/imports/check.ts';
import { prepareRun, runImport } from '../../src/modules/imports/run.ts';
import { customersApi } from '../support/api.ts';
import { useTestApp } from '../support/app.ts';
import { bookRow, csvOf } from '../support/book-file.ts';
import { businessToday, TEST_TIME_ZONE } from '../support/clock.ts';
import { useLoanWorld } from '../support/worlds.ts';

/**
 * A run is one transaction: when a row can no longer be written (a customer registered with its CURP
 * after the run was prepared), nothing of the file is written, the import stays CHECKED, and the
 * progress it had reported is not a partial import. On PGlite and PostgreSQL.
 */
const context = useTestApp();
const world = useLoanWorld(context);

const tally = async () =>
  rowsOf<{ customers: number; loans: number; rows: number }>(
    await context.database.db.execute(sql`
      select (select count(*)::int from customers) as customers, (select count(*)::int from loans) as loans,
             (select count(*)::int from book_import_rows) as rows`),
  )[0];

describe('Importar: all or nothing', () => {
  it('writes nothing when one row fails while the run writes', async () => {
    const today = businessToday();
    const rows = Array.from({ length: 700 }, (_, i) => bookRow(i + 1, String(world.agent.num), today));
    const db = context.database.db;
    const checked = await checkImport(
      db,
      world.admin.id,
      { fileName: 'a.csv', bytes: Buffer.from(csvOf(rows)) },
      today,
    );
    const prepared = await prepareRun(db, checked.id, 'ALL', today);
    // Another administrator registers the customer of row 650 meanwhile (the second batch holds it).
    await customersApi(context).createOk(world.admin.token, { curp: rows[649]?.curp });
    const before = await tally();
    const progress: number[] = [];
    await expect(
      runImport(db, world.admin.id, prepared, {
        timeZone: TEST_TIME_ZONE,
        onProgress: (processed) => {
          progress.push(processed);
        },
      }),
    ).rejects.toMatchObject({ status: 409, code: 'import.changed_since_check' });
    expect(progress).toEqual([0, 500]);
    expect(await tally()).toEqual(before);
    const [row] = rowsOf<{ status: string }>(
      await db.execute(sql`select status from book_imports where id = ${checked.id}`),
    );
    expect(row?.status).toBe('CHECKED');
  });
});
