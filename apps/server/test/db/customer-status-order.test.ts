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
 * The customers' status order (migration customer_status_order): customer_status_order holds each
 * customer's place, so that no index of customers reads current_loan_status and a loan falling behind
 * rewrites its customer in place (a HOT update) instead of adding an entry to each of their indexes.
 */
const context = useTestApp();
const api = customersApi(context);

const query = async <T>(text: string) => rowsOf<T>(await context.database.db.execute(sql.raw(text)));

/** Every customer beside their place in the status order (null: none) and their status's rank. */
const places = () =>
  query<{ num: number; status: string | null; rank: number | null; expected: number }>(
    `select c.num, c.current_loan_status as status, o.rank,
            customer_status_rank(c.current_loan_status)::int as expected
       from customers c left join customer_status_order o on o.customer_id = c.id
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

  it('has no index of customers that reads the copied status, and tests open loans by current_loan_open', async () => {
    const readers = await query<{ name: string }>(
      `select i.indexrelid::regclass::text as name
         from pg_index i
        where i.indrelid = 'customers'::regclass
          and (exists (select 1 from unnest(i.indkey) k
                        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k
                       where a.attname = 'current_loan_status')
               or pg_get_expr(i.indexprs, i.indrelid) like '%current_loan_status%'
               or pg_get_expr(i.indpred, i.indrelid) like '%current_loan_status%')`,
    );
    expect(readers).toEqual([]);
    const [open] = await query<{ predicate: string }>(
      `select pg_get_expr(indpred, indrelid) as predicate from pg_index
        where indexrelid = 'customers_open_route_idx'::regclass`,
    );
    expect(open?.predicate).toBe('current_loan_open');
  });

  it('rewrites the customer in place when their loan falls behind (a HOT update)', async () => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token, { name: 'Tres', lastName: 'Prueba' });
    const account = await openAccount(context, admin, 100_000);
    const { loan } = await activeLoan(context, admin, customer.id, { amount: 5_000, accountId: account.id });
    // The counters not yet sent to the statistics (this session's), before and after the update alone.
    const counts = await context.database.db.transaction(async (tx) => {
      const read = async () =>
        rowsOf<{ updated: number; hot: number }>(
          await tx.execute(
            sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as hot
                  from pg_stat_xact_user_tables where relname = 'customers'`,
          ),
        )[0] ?? { updated: 0, hot: 0 };
      const before = await read();
      await tx.update(loans).set({ status: 'DELAYED' }).where(eq(loans.id, loan.id));
      const after = await read();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(counts).toEqual({ updated: 1, hot: 1 });
    const [row] = await query<{ open: boolean; status: string }>(
      `select current_loan_open as open, current_loan_status as status from customers where num = 1`,
    );
    expect(row).toEqual({ open: true, status: 'DELAYED' });
  });
});
