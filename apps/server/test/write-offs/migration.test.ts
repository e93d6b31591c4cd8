import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { createTestDatabase, rowsOf } from '../support/database.ts';

/**
 * Migration 0037 (write_offs) on a freshly migrated database, PGlite or PostgreSQL: the policy's row
 * at its documented default, and the CHECKs that keep a writer from storing what the API refuses.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await migrateDatabase(database);
});
afterAll(() => drop());

const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);

/** The statement fails on a CHECK or unique constraint (SQLSTATE 23xxx), inside a savepoint. */
async function refused(statement: ReturnType<typeof sql>) {
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(statement);
    }),
  ).rejects.toMatchObject({ cause: expect.objectContaining({ code: expect.stringMatching(/^23/) }) });
}

describe('migration 0037_write_offs', () => {
  it('writes the policy row at 90 days past due', async () => {
    expect(rowsOf(await run(sql`select id, min_days_past_due from write_off_settings`))).toEqual([
      { id: 1, min_days_past_due: 90 },
    ]);
    await refused(sql`update write_off_settings set min_days_past_due = 0`);
    await refused(sql`update write_off_settings set min_days_past_due = 3651`);
    await refused(sql`insert into write_off_settings (id) values (2)`);
  });

  it('accepts WRITTEN_OFF as a loan status, nothing else new; payments default to not a recovery', async () => {
    const checks = rowsOf<{ def: string }>(
      await run(
        sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'loans_status_valid'`,
      ),
    );
    expect(checks[0]?.def).toContain("'WRITTEN_OFF'");
    expect(checks[0]?.def).not.toContain("'LOST'");
    const recovery = rowsOf<{ column_default: string; is_nullable: string }>(
      await run(sql`select column_default, is_nullable from information_schema.columns
                     where table_name = 'payments' and column_name = 'recovery'`),
    );
    expect(recovery).toEqual([{ column_default: 'false', is_nullable: 'NO' }]);
    const writeOffChecks = rowsOf<{ conname: string }>(
      await run(
        sql`select conname from pg_constraint where conrelid = 'loan_write_offs'::regclass order by conname`,
      ),
    ).map((row) => row.conname);
    expect(writeOffChecks).toEqual(
      expect.arrayContaining([
        'loan_write_offs_amounts',
        'loan_write_offs_loan_unique',
        'loan_write_offs_reason_length',
      ]),
    );
  });
});
