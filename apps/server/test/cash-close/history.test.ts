import { beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, useTestApp } from '../support/app.ts';
import { type CashCloseWorld, cashCloseWorld } from '../support/cash-close-world.ts';
import { addDays } from '../support/clock.ts';
import { downloadCsv } from '../support/csv.ts';
import { cashCloseApi } from '../support/field-api.ts';

/**
 * 'Historial de cortes': an agent's closes, newest first, each with the running total of differences
 * (oldest first), counted by hand. Three closes of the agent (support/cash-close-world.ts):
 *
 * | day       | expected | counted   | difference | running |
 * |-----------|----------|-----------|------------|---------|
 * | today − 5 | $0       | $100      | +$100      | +$100   |
 * | today − 1 | $1,000   | $950      | −$50       | +$50    |
 * | today     | $5,000   | $4,989.50 | −$10.50    | +$39.50 |
 *
 * and one of the other agent (never in the agent's history).
 */
const context = useTestApp();
const api = cashCloseApi(context);

let w: CashCloseWorld;
beforeEach(async () => {
  w = await cashCloseWorld(context);
  const close = (date: string, counted: number, note: string | null) =>
    api.closeOk(w.admin.token, { agentId: w.agent.id, date, targetAccountId: w.caja.id, counted, note });
  await close(addDays(w.today, -1), 950, 'Faltaron $50');
  await close(w.today, 4_989.5, 'Faltaron $10.50');
  await close(addDays(w.today, -5), 100, '=Sobró un billete');
  await api.closeOk(w.admin.token, {
    agentId: w.otherAgent.id,
    date: w.today,
    targetAccountId: w.caja.id,
    counted: 0,
    note: 'No entregó',
  });
});

describe('the history of an agent’s closes', () => {
  it('lists them newest first with the running total of differences and the total', async () => {
    const history = await api.historyOk(w.admin.token, { agentId: w.agent.id });
    expect(history.agent).toEqual({ id: w.agent.id, num: w.agent.num, name: 'Ana', lastName: 'Agente' });
    expect(history.totalDifference).toBe(39.5);
    expect(history).toMatchObject({
      page: 1,
      size: 10,
      totalDocuments: 3,
      totalPages: 1,
      totalCapped: false,
    });
    expect(
      history.data.map((c) => [
        c.date,
        c.expected,
        c.counted,
        c.difference,
        c.kind,
        c.note,
        c.runningDifference,
      ]),
    ).toEqual([
      [w.today, 5_000, 4_989.5, -10.5, 'FALTANTE', 'Faltaron $10.50', 39.5],
      [addDays(w.today, -1), 1_000, 950, -50, 'FALTANTE', 'Faltaron $50', 50],
      [addDays(w.today, -5), 0, 100, 100, 'SOBRANTE', '=Sobró un billete', 100],
    ]);
    expect(history.data[0]).toMatchObject({
      closedBy: { id: w.admin.id },
      bankAccount: { name: 'Caja' },
      confirmed: 3,
    });
  });

  it('pages: each row’s running total covers the whole history, not the page', async () => {
    const second = await api.historyOk(w.admin.token, { agentId: w.agent.id, size: '2', page: '2' });
    expect(second).toMatchObject({
      page: 2,
      size: 2,
      totalDocuments: 3,
      totalPages: 2,
      totalDifference: 39.5,
    });
    expect(second.data.map((c) => [c.date, c.runningDifference])).toEqual([[addDays(w.today, -5), 100]]);
    const first = await api.historyOk(w.admin.token, { agentId: w.agent.id, size: '2' });
    expect(first.data.map((c) => c.runningDifference)).toEqual([39.5, 50]);
  });

  it('another agent’s history is their own', async () => {
    const other = await api.historyOk(w.admin.token, { agentId: w.otherAgent.id });
    expect(other.totalDifference).toBe(-1_000);
    expect(other.data.map((c) => [c.difference, c.runningDifference])).toEqual([[-1_000, -1_000]]);
  });

  it('exports it as CSV: the list’s rows and order, exact pesos, a formula-looking note made inert', async () => {
    const csv = await downloadCsv(
      context,
      w.admin.token,
      `/api/v1/cash-close/history/export.csv?agentId=${w.agent.id}`,
      `cortes-${w.agent.num}`,
    );
    expect(csv.headers['x-total-count']).toBe('3');
    expect(csv.rows.map((row) => row.slice(0, 8))).toEqual([
      ['Fecha', 'Esperado', 'Contado', 'Diferencia', 'Tipo', 'Nota', 'Acumulado', 'Pagos confirmados'],
      [w.today, '5000.00', '4989.50', '-10.50', 'Faltante', 'Faltaron $10.50', '39.50', '3'],
      [addDays(w.today, -1), '1000.00', '950.00', '-50.00', 'Faltante', 'Faltaron $50', '50.00', '1'],
      [addDays(w.today, -5), '0.00', '100.00', '100.00', 'Sobrante', "'=Sobró un billete", '100.00', '0'],
    ]);
  });

  it('is for administrators; the agent must exist and be named', async () => {
    expectProblem(
      await api.history(w.agent.token, { agentId: w.agent.id }),
      403,
      'No tiene permisos para esta operación',
    );
    expectProblem(
      await api.history(w.admin.token, { agentId: '0190a0c0-0000-7000-8000-00000000dead' }),
      404,
      'Agente no encontrado',
    );
    expectProblem(await api.history(w.admin.token, {}), 400, /^agentId: /);
    expectProblem(await api.history(w.admin.token, { agentId: w.agent.id, size: '101' }), 400, /^size: /);
  });
});
