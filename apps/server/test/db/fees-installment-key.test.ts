import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { databaseUrlOf } from '../support/row-lock.ts';
import { type ActiveLoan, activeLoan, secondCustomer, useLoanWorld } from '../support/worlds.ts';

/**
 * fees (scheduled_payment_id, loan_id) → scheduled_payments (id, loan_id), enforced by the statement
 * triggers of migration 0053_fees_installment_key_per_statement instead of a foreign key: the same
 * refusals (SQLSTATE 23503, constraint fees_installment_loan_fk) on PGlite and PostgreSQL, and on
 * PostgreSQL the same outcome of a fee and a delete of its installment racing on two connections.
 */
const context = useTestApp();
const world = useLoanWorld(context);

const FOREIGN_KEY_VIOLATION = '23503';
const T = () => businessToday();

/** Two loans of two customers, each with its schedule. */
async function twoLoans(): Promise<[ActiveLoan, ActiveLoan]> {
  const first = await activeLoan(context, world.admin, world.customer.id);
  const other = await secondCustomer(context, world.agent);
  return [first, await activeLoan(context, world.admin, other.id)];
}

const installment = (loan: ActiveLoan, index = 0) => {
  const row = loan.schedule[index];
  if (!row) throw new Error(`no installment ${index}`);
  return row.id;
};

type Fee = { loanId: string; installmentId: string; day: string };

function insertFees(fees: Fee[]): SQL {
  const rows = fees.map(
    (fee) => sql`(gen_random_uuid(), ${fee.loanId}, ${fee.installmentId}, ${fee.day}::date, 'Multa', 5000)`,
  );
  return sql`insert into fees (id, loan_id, scheduled_payment_id, fee_date, concept, amount_cents)
             values ${sql.join(rows, sql`, `)}`;
}

const run = (statement: SQL) => context.database.db.execute(statement);

/** The driver's error of a statement that must fail (drizzle wraps it in `cause`). */
async function failureOf(
  statement: SQL,
): Promise<{ code?: string; constraint?: string; message: string; detail?: string }> {
  try {
    await context.database.db.transaction(async (tx) => {
      await tx.execute(statement);
    });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause as { code?: string; constraint?: string; message: string; detail?: string };
  }
  throw new Error('the statement succeeded');
}

const feeCount = async (loanId?: string) =>
  rowsOf<{ n: number }>(
    await run(
      sql`select count(*)::int as n from fees where ${loanId ? sql`loan_id = ${loanId}` : sql`true`}`,
    ),
  )[0]?.n;

describe('fees_installment_loan_fk, checked per statement', () => {
  it('refuses a fee whose loan is not its installment’s loan; a multi-row insert with one bad row inserts nothing', async () => {
    const [a, b] = await twoLoans();
    const wrongLoan = await failureOf(
      insertFees([{ loanId: b.loan.id, installmentId: installment(a), day: T() }]),
    );
    expect(wrongLoan).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: 'fees_installment_loan_fk' });
    expect(wrongLoan.message).toBe(
      'insert or update on table "fees" violates foreign key constraint "fees_installment_loan_fk"',
    );
    expect(wrongLoan.detail).toBe(
      `Key (scheduled_payment_id, loan_id)=(${installment(a)}, ${b.loan.id}) is not present in table "scheduled_payments".`,
    );

    const mixed = await failureOf(
      insertFees([
        { loanId: a.loan.id, installmentId: installment(a), day: T() },
        { loanId: a.loan.id, installmentId: installment(a), day: addDays(T(), 1) },
        { loanId: a.loan.id, installmentId: installment(a, 1), day: T() },
        { loanId: a.loan.id, installmentId: installment(b), day: T() },
      ]),
    );
    expect(mixed).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: 'fees_installment_loan_fk' });
    expect(await feeCount()).toBe(0);

    // The same rows without the bad one: two fees of one installment lock it once.
    await run(
      insertFees([
        { loanId: a.loan.id, installmentId: installment(a), day: T() },
        { loanId: a.loan.id, installmentId: installment(a), day: addDays(T(), 1) },
        { loanId: a.loan.id, installmentId: installment(a, 1), day: T() },
      ]),
    );
    expect(await feeCount(a.loan.id)).toBe(3);
  });

  it('refuses a fee of an installment that does not exist', async () => {
    const [a] = await twoLoans();
    const missing = '0190e4e0-0000-7000-8000-000000000000';
    const failure = await failureOf(insertFees([{ loanId: a.loan.id, installmentId: missing, day: T() }]));
    expect(failure).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: 'fees_installment_loan_fk' });
    expect(failure.detail).toContain(missing);
    expect(await feeCount()).toBe(0);
  });

  it('refuses to delete an installment with fees, deletes one without; refuses moving a fee to another loan’s installment', async () => {
    const [a, b] = await twoLoans();
    await run(insertFees([{ loanId: a.loan.id, installmentId: installment(a), day: T() }]));

    const deleted = await failureOf(sql`delete from scheduled_payments where loan_id = ${a.loan.id}`);
    expect(deleted).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: 'fees_installment_loan_fk' });
    expect(deleted.message).toBe(
      'update or delete on table "scheduled_payments" violates foreign key constraint "fees_installment_loan_fk" on table "fees"',
    );
    expect(deleted.detail).toBe(
      `Key (id, loan_id)=(${installment(a)}, ${a.loan.id}) is still referenced from table "fees".`,
    );
    const last = installment(a, a.schedule.length - 1);
    await run(sql`delete from scheduled_payments where id = ${last}`);
    expect(rowsOf(await run(sql`select id from scheduled_payments where id = ${last}`))).toEqual([]);

    // An installment moved to another loan leaves its fee behind: refused.
    const moved = await failureOf(
      sql`update scheduled_payments set loan_id = ${b.loan.id}, payment_number = 99 where id = ${installment(a)}`,
    );
    expect(moved).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: 'fees_installment_loan_fk' });

    // A fee moved to another loan's installment (its loan_id unchanged): refused.
    const repointed = await failureOf(
      sql`update fees set scheduled_payment_id = ${installment(b)} where loan_id = ${a.loan.id}`,
    );
    expect(repointed).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: 'fees_installment_loan_fk' });
    // Moved with its loan: allowed. Updates that leave the keys alone: allowed.
    await run(
      sql`update fees set scheduled_payment_id = ${installment(b)}, loan_id = ${b.loan.id} where loan_id = ${a.loan.id}`,
    );
    await run(sql`update fees set amount_cents = 6000`);
    await run(sql`update scheduled_payments set status = 'DELAYED' where id = ${installment(b)}`);
    await run(sql`delete from scheduled_payments where id = ${installment(a)}`);
    expect(await feeCount(b.loan.id)).toBe(1);
  });

  it('refuses a TRUNCATE of the installments that leaves fees; both together empty', async () => {
    const [a] = await twoLoans();
    await run(insertFees([{ loanId: a.loan.id, installmentId: installment(a), day: T() }]));
    const alone = await failureOf(sql`truncate scheduled_payments cascade`);
    expect(alone).toMatchObject({ code: '0A000', constraint: 'fees_installment_loan_fk' });
    expect(await feeCount()).toBe(1);
    await run(sql`truncate scheduled_payments, fees cascade`);
    expect(await feeCount()).toBe(0);
  });

  it('leaves no per-row foreign key between fees and scheduled_payments, only the statement triggers', async () => {
    const perRow = rowsOf<{ n: number }>(
      await run(sql`select count(*)::int as n from pg_trigger t
                      join pg_constraint c on c.oid = t.tgconstraint
                     where c.conrelid = 'fees'::regclass and c.confrelid = 'scheduled_payments'::regclass`),
    );
    expect(perRow).toEqual([{ n: 0 }]);
    expect(
      rowsOf(await run(sql`select conname from pg_constraint where conname = 'fees_installment_loan_fk'`)),
    ).toEqual([]);
    // Statement-level (tgtype bit 0 clear), not constraint triggers, enabled.
    const triggers = rowsOf<{ name: string; table: string }>(
      await run(sql`select tgname as name, tgrelid::regclass::text as table from pg_trigger
                     where (tgname like '%installment_key%' or tgname like '%fees_key%')
                       and (tgtype & 1) = 0 and tgconstraint = 0 and tgenabled = 'O'
                     order by tgname`),
    );
    expect(triggers).toEqual([
      { name: 'fees_installment_key_insert', table: 'fees' },
      { name: 'fees_installment_key_update', table: 'fees' },
      { name: 'scheduled_payments_fees_key_delete', table: 'scheduled_payments' },
      { name: 'scheduled_payments_fees_key_truncate', table: 'scheduled_payments' },
      { name: 'scheduled_payments_fees_key_update', table: 'scheduled_payments' },
    ]);
  });
});

/**
 * Two transactions on their own connections, as PostgreSQL's RI sees them: whichever of the fee and the
 * delete of its installment comes second fails, the other waiting on the first's FOR KEY SHARE lock or
 * delete until it commits.
 */
describe.skipIf(!process.env.DATABASE_URL)('fees_installment_loan_fk under concurrency (PostgreSQL)', () => {
  async function connection() {
    const client = new pg.Client({ connectionString: databaseUrlOf(context.database) });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { client, pid: rows[0]?.pid ?? 0 };
  }

  /** Waits until backend `pid` is blocked on a lock held by another (20 s at most). */
  async function blocked(pid: number) {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      const [row] = rowsOf<{ waiting: boolean }>(
        await run(sql`select cardinality(pg_blocking_pids(${pid}::int)) > 0 as waiting`),
      );
      if (row?.waiting) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  const settled = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { code?: string; constraint?: string }) => error,
    );

  const feeSql = (loanId: string, installmentId: string, day: string) => ({
    text: `insert into fees (id, loan_id, scheduled_payment_id, fee_date, concept, amount_cents)
           values (gen_random_uuid(), $1, $2, $3, 'Multa', 5000)`,
    values: [loanId, installmentId, day],
  });

  it('a fee not yet committed holds off the delete of its installment, which then fails', async () => {
    const [a] = await twoLoans();
    const t1 = await connection();
    const t2 = await connection();
    try {
      await t1.client.query('begin');
      await t1.client.query(feeSql(a.loan.id, installment(a), T()));
      await t2.client.query('begin');
      const deleting = settled(
        t2.client.query('delete from scheduled_payments where id = $1', [installment(a)]),
      );
      expect(await blocked(t2.pid)).toBe(true);
      await t1.client.query('commit');
      expect(await deleting).toMatchObject({
        code: FOREIGN_KEY_VIOLATION,
        constraint: 'fees_installment_loan_fk',
      });
      await t2.client.query('rollback');
    } finally {
      await t1.client.end();
      await t2.client.end();
    }
    expect(await feeCount(a.loan.id)).toBe(1);
    expect(
      rowsOf(await run(sql`select id from scheduled_payments where id = ${installment(a)}`)),
    ).toHaveLength(1);
  });

  it('a delete not yet committed holds off a fee of that installment, which then fails', async () => {
    const [a] = await twoLoans();
    const t1 = await connection();
    const t2 = await connection();
    try {
      await t2.client.query('begin');
      await t2.client.query('delete from scheduled_payments where id = $1', [installment(a)]);
      await t1.client.query('begin');
      const inserting = settled(t1.client.query(feeSql(a.loan.id, installment(a), T())));
      expect(await blocked(t1.pid)).toBe(true);
      await t2.client.query('commit');
      expect(await inserting).toMatchObject({
        code: FOREIGN_KEY_VIOLATION,
        constraint: 'fees_installment_loan_fk',
      });
      await t1.client.query('rollback');
    } finally {
      await t1.client.end();
      await t2.client.end();
    }
    expect(await feeCount()).toBe(0);
    expect(rowsOf(await run(sql`select id from scheduled_payments where id = ${installment(a)}`))).toEqual(
      [],
    );
  });

  it('a fee and its installment’s status update do not wait on each other', async () => {
    const [a] = await twoLoans();
    const t1 = await connection();
    const t2 = await connection();
    try {
      await t1.client.query('begin');
      await t1.client.query(feeSql(a.loan.id, installment(a), T()));
      await t2.client.query('begin');
      // FOR NO KEY UPDATE does not conflict with the fee's FOR KEY SHARE: returns at once.
      await t2.client.query(`update scheduled_payments set status = 'DELAYED' where id = $1`, [
        installment(a),
      ]);
      await t2.client.query('commit');
      await t1.client.query('commit');
    } finally {
      await t1.client.end();
      await t2.client.end();
    }
    expect(await feeCount(a.loan.id)).toBe(1);
  });
});
