import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { payments } from '../../src/db/schema/payments.ts';
import { paymentsApi } from '../support/api.ts';
import { useTestApp } from '../support/app.ts';
import { activeLoan, confirm, customerOf, registerOldest, useLoanWorld } from '../support/worlds.ts';

/**
 * 'Pagos Recibidos' without a search pages the payments' ids alone, then joins only those rows
 * (modules/payments/list.ts): every order, direction, status and page equals the whole list joined,
 * ordered and cut by SQL, ties on the instant included. On PGlite and PostgreSQL.
 */
const context = useTestApp();
const api = paymentsApi(context);
const world = useLoanWorld(context);

const ORDER_SQL = { createdOn: 'p.created_on', amount: 'p.amount_cents', status: 'p.status' } as const;

async function expected(orderBy: keyof typeof ORDER_SQL | undefined, order: 'asc' | 'desc', status?: string) {
  const direction = orderBy ? order : 'desc';
  const column = ORDER_SQL[orderBy ?? 'createdOn'];
  return rowsOf<{ id: string; num: number }>(
    await context.database.db.execute(sql`
      select p.id, l.num from payments p join loans l on l.id = p.loan_id join customers c on c.id = l.customer_id
       where ${status ? sql`p.status = ${status}` : sql`true`}
       order by ${sql.raw(`${column} ${direction}, p.id ${direction}`)}`),
  ).map((row) => [row.id, row.num]);
}

describe('GET /api/v1/payments: the page of ids, then its rows', () => {
  it('equals the joined list for every order, status and page', async () => {
    const { admin, agent } = world;
    const other = await customerOf(context, agent, 'Otra');
    for (const customerId of [world.customer.id, other.id]) {
      const { loan } = await activeLoan(context, admin, customerId);
      for (const installments of [1, 2, 1]) {
        const payment = await registerOldest(context, agent, loan.id, installments);
        if (installments === 2) await confirm(context, admin, payment.id, loan.bankAccount?.id ?? '');
      }
    }
    // Two payments on one instant: the id decides their order on every page.
    const [a, b] = await context.database.db.select({ id: payments.id }).from(payments).limit(2);
    const tie = new Date('2026-01-05T18:00:00Z');
    for (const row of [a, b])
      await context.database.db
        .update(payments)
        .set({ createdOn: tie })
        .where(eq(payments.id, row?.id ?? ''));

    for (const orderBy of [undefined, 'createdOn', 'amount', 'status'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        for (const status of [undefined, 'VALIDATING', 'PAID']) {
          const all = await expected(orderBy, order, status);
          const pages: unknown[] = [];
          for (let page = 1; page <= Math.ceil(all.length / 4); page++) {
            const query = `?page=${page}&size=4&order=${order}${orderBy ? `&orderBy=${orderBy}` : ''}${status ? `&q=${status}` : ''}`;
            const reply = await api.list(admin.token, query);
            expect(reply.statusCode, reply.body).toBe(200);
            const body = reply.json();
            expect(body.totalDocuments).toBe(all.length);
            pages.push(...body.data.map((p: { id: string; loan: { num: number } }) => [p.id, p.loan.num]));
          }
          expect(pages, `${orderBy} ${order} ${status}`).toEqual(all);
        }
      }
    }
  });
});
