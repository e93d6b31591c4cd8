import { LOAN_STATUSES } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { currentLoanStatusRank, customers } from '../../src/db/schema/customers.ts';
import { loans } from '../../src/db/schema/loans.ts';
import { customersApi } from '../support/api.ts';
import { createAdmin, useTestApp } from '../support/app.ts';
import { activeLoan, openAccount } from '../support/worlds.ts';

/**
 * The customers' status order (migrations customer_status_order, customer_status_not_copied):
 * customer_status_order holds each customer's place at the rank of their current loan's status, which
 * the customer does not copy, so that a loan falling behind or catching up writes no customer.
 */
const context = useTestApp();
const api = customersApi(context);

const query = async <T>(text: string) => rowsOf<T>(await context.database.db.execute(sql.raw(text)));

/** Every customer beside their place in the status order (null: none) and their status's rank. */
const places = () =>
  query<{ num: number; status: string | null; rank: number | null; expected: number }>(
    `select c.num, l.status, o.rank, customer_status_rank(l.status)::int as expected
       from customers c
       left join customer_status_order o on o.customer_id = c.id
       left join loans l on l.id = c.current_loan_id
      order by c.num`,
  );

describe('the customers’ status order', () => {
  it('ranks every status as the list’s labels sort, no loan last', async () => {
    const statuses = [...LOAN_STATUSES, null];
    const rows = await query<{ status: string | null; rank: number }>(
      `select s as status, customer_status_rank(s)::int as rank
         from unnest(array[${statuses.map((s) => (s ? `'${s}'` : 'null')).join(', ')}]::text[]) s`,
    );
    expect(rows).toEqual(statuses.map((status) => ({ status, rank: currentLoanStatusRank(status) })));
  });

  it('gives each new customer a place and moves it with their loan’s status', async () => {
    const admin = await createAdmin(context);
    const one = await api.createOk(admin.token, { name: 'Uno', lastName: 'Prueba' });
    await api.createOk(admin.token, { name: 'Dos', lastName: 'Prueba' });
    expect(await places()).toEqual([
      { num: 1, status: null, rank: 7, expected: 7 },
      { num: 2, status: null, rank: 7, expected: 7 },
    ]);
    const account = await openAccount(context, admin, 100_000);
    const { loan } = await activeLoan(context, admin, one.id, { amount: 5_000, accountId: account.id });
    await context.database.db.update(loans).set({ status: 'DELAYED' }).where(eq(loans.id, loan.id));
    const [first] = await places();
    expect(first).toEqual({ num: 1, status: 'DELAYED', rank: 2, expected: 2 });

    await context.database.db.execute(sql`delete from ${customers} where ${customers.num} = 2`);
    expect(await query('select customer_id from customer_status_order')).toHaveLength(1);
  });

  it('tests open loans by current_loan_open, a plain column the loans’ triggers keep', async () => {
    const [open] = await query<{ predicate: string }>(
      `select pg_get_expr(indpred, indrelid) as predicate from pg_index
        where indexrelid = 'customers_open_route_idx'::regclass`,
    );
    expect(open?.predicate).toBe('current_loan_open');
  });

  it('writes no customer when their loan falls behind or catches up, only the place; paid, both', async () => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token, { name: 'Tres', lastName: 'Prueba' });
    const account = await openAccount(context, admin, 100_000);
    const { loan } = await activeLoan(context, admin, customer.id, { amount: 5_000, accountId: account.id });
    /** Rows updated in customers and in the order by setting the loan's status alone. */
    const updatesOf = (status: 'ACTIVE' | 'DELAYED' | 'PAID') =>
      context.database.db.transaction(async (tx) => {
        // The counters not yet sent to the statistics (this session's), before and after the update.
        const read = async () =>
          Object.fromEntries(
            rowsOf<{ relname: string; updated: number }>(
              await tx.execute(
                sql`select relname, n_tup_upd::int as updated from pg_stat_xact_user_tables
                     where relname in ('customers', 'customer_status_order')`,
              ),
            ).map((r) => [r.relname, r.updated]),
          );
        const before = await read();
        await tx.update(loans).set({ status }).where(eq(loans.id, loan.id));
        const after = await read();
        return {
          customers: (after.customers ?? 0) - (before.customers ?? 0),
          order: (after.customer_status_order ?? 0) - (before.customer_status_order ?? 0),
        };
      });
    const current = async () =>
      (
        await query<{ open: boolean; status: string; rank: number }>(
          `select c.current_loan_open as open, l.status, o.rank from customers c
             join loans l on l.id = c.current_loan_id
             join customer_status_order o on o.customer_id = c.id
            where c.num = 1`,
        )
      )[0];

    expect(await updatesOf('DELAYED')).toEqual({ customers: 0, order: 1 });
    expect(await current()).toEqual({
      open: true,
      status: 'DELAYED',
      rank: currentLoanStatusRank('DELAYED'),
    });
    expect(await updatesOf('ACTIVE')).toEqual({ customers: 0, order: 1 });
    expect(await current()).toEqual({ open: true, status: 'ACTIVE', rank: currentLoanStatusRank('ACTIVE') });
    expect(await updatesOf('PAID')).toEqual({ customers: 1, order: 1 });
    expect(await current()).toEqual({ open: false, status: 'PAID', rank: currentLoanStatusRank('PAID') });
  });
});
