import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema/payments.ts';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { downloadCsv, recordsOf } from '../support/csv.ts';
import { activeLoan, confirm, registerOldest, useLoanWorld } from '../support/worlds.ts';

const context = useTestApp();
const api = paymentsApi(context);
const world = useLoanWorld(context);

/**
 * Three payments of one loan registered at known instants. Mexico City is UTC−6 all year, so the
 * first (05:30 UTC on the 4th) belongs to the business day 2025-03-03 and the second (06:30 UTC) to
 * the 4th.
 */
const INSTANTS = ['2025-03-04T05:30:00Z', '2025-03-04T06:30:00Z', '2025-03-10T18:00:00Z'];

async function threePayments(): Promise<string[]> {
  const { admin, agent, customer } = world;
  const { loan } = await activeLoan(context, admin, customer.id);
  const ids: string[] = [];
  for (const [i, instant] of INSTANTS.entries()) {
    const payment = await registerOldest(context, agent, loan.id, 1);
    if (i < INSTANTS.length - 1) await confirm(context, admin, payment.id, loan.bankAccount?.id ?? '');
    await context.database.db
      .update(payments)
      .set({ createdOn: new Date(instant) })
      .where(eq(payments.id, payment.id));
    ids.push(payment.id);
  }
  return ids;
}

describe('GET /api/v1/payments?from&to (Pagos Recibidos by date)', () => {
  it('keeps the payments registered on the business days of the range, both ends included', async () => {
    const [first, second, third] = await threePayments();
    const ids = async (query: string) => {
      const response = await api.list(world.admin.token, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((p: { id: string }) => p.id);
    };
    expect(await ids('?from=2025-03-03&to=2025-03-03')).toEqual([first]);
    expect(await ids('?from=2025-03-04')).toEqual([third, second]);
    expect(await ids('?to=2025-03-04')).toEqual([second, first]);
    expect(await ids('?from=2025-03-05&to=2025-03-09')).toEqual([]);
    expect(await ids('?from=2025-03-01&to=2025-03-31&q=PAID&orderBy=createdOn')).toEqual([first, second]);
    const page = await api.list(world.admin.token, '?from=2025-03-03&to=2025-03-10&size=1');
    expect(page.json()).toMatchObject({ totalDocuments: 3, totalPages: 3 });
  });

  it('applies the same range to the CSV export', async () => {
    await threePayments();
    const url = '/api/v1/payments/export.csv?from=2025-03-04&to=2025-03-04';
    const rows = recordsOf(await downloadCsv(context, world.admin.token, url, 'pagos'));
    expect(rows.map((row) => row.Fecha)).toEqual(['2025-03-04 00:30']);
  });

  it.each([
    ['?from=2025-02-30', 'from: Fecha inválida, use AAAA-MM-DD'],
    ['?to=04/03/2025', 'to: Fecha inválida, use AAAA-MM-DD'],
    ['?from=1999-12-31', 'from: La fecha debe estar entre 2000-01-01 y 2099-12-31'],
    ['?from=2025-03-05&to=2025-03-04', 'to: La fecha final debe ser igual o posterior a la inicial'],
    ['?from=2024-01-01&to=2025-01-01', 'to: El rango no puede ser mayor a 366 días'],
  ])('refuses %s with a Spanish 400, on the list and on the export', async (query, detail) => {
    expectProblem(await api.list(world.admin.token, query), 400, detail);
    const csv = await context.app.inject({
      method: 'GET',
      url: `/api/v1/payments/export.csv${query}`,
      headers: { authorization: `Bearer ${world.admin.token}` },
    });
    expectProblem(csv, 400, detail);
  });

  it('accepts a range of exactly 366 days, and stays for administrators only', async () => {
    const ok = await api.list(world.admin.token, '?from=2024-01-01&to=2024-12-31');
    expect(ok.statusCode, ok.body).toBe(200);
    expectProblem(
      await api.list(world.agent.token, '?from=2025-03-01&to=2025-03-31'),
      403,
      'No tiene permisos para esta operación',
    );
  });
});
