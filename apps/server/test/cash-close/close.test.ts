import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { type CashCloseWorld, cashCloseWorld } from '../support/cash-close-world.ts';
import { addDays } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { auditRowsOf, storedPaymentState } from '../support/records.ts';
import { accountOf, expectLedger, registerOldest } from '../support/worlds.ts';

/**
 * 'Contar efectivo': closing an agent's day with the cash counted. The day (support/cash-close-world.ts)
 * has $5,000 of the agent's cash: $4,000 in validation (cashA $2,000, cashB and cashC $1,000) and
 * $1,000 confirmed alone into Fondeo. A close confirms the $4,000 into Caja and expects $5,000.
 */
const context = useTestApp();
const api = cashCloseApi(context);

let w: CashCloseWorld;
beforeEach(async () => {
  w = await cashCloseWorld(context);
});

const close = (fields: Record<string, unknown> = {}) => ({
  agentId: w.agent.id,
  date: w.today,
  targetAccountId: w.caja.id,
  counted: 5_000,
  ...fields,
});

async function cashCountRows() {
  return rowsOf<Record<string, unknown>>(
    await context.database.db.execute(sql`
      select id, agent_id, business_date::text, kind, denominations, note, bank_account_id, confirmed_count,
             closed_by, created_on::text, expected_cents::int as expected_cents,
             counted_cents::int as counted_cents, difference_cents::int as difference_cents
        from cash_counts order by business_date, id`),
  );
}

/** What a refused close must leave as it was: payments, loans, ledger, closes. */
async function everything() {
  return {
    payments: await storedPaymentState(context),
    caja: await accountOf(context, w.admin, w.caja.id),
    closes: await cashCountRows(),
  };
}

describe('closing a day with the cash counted', () => {
  it('records a Faltante: confirms the pending cash into the account, expects the day’s cash, by hand', async () => {
    const { cashA, cashB, cashC } = w.agentDay;
    const closed = await api.closeOk(
      w.admin.token,
      close({ counted: 4_950.5, note: 'Faltó un billete de 50' }),
    );
    expect(closed).toMatchObject({
      date: w.today,
      agent: { id: w.agent.id, name: 'Ana', lastName: 'Agente' },
      expected: 5_000,
      counted: 4_950.5,
      difference: -49.5,
      kind: 'FALTANTE',
      note: 'Faltó un billete de 50',
      denominations: null,
      bankAccount: { id: w.caja.id, name: 'Caja' },
      confirmed: 3,
      closedBy: { id: w.admin.id },
    });
    // The confirmation is 'Confirmar corte''s: an Abono each into Caja, $5,000 + $4,000.
    expect(await accountOf(context, w.admin, w.caja.id)).toMatchObject({
      balance: 9_000,
      realBalance: 9_000,
    });
    for (const payment of [cashA, cashB, cashC]) {
      const details = await paymentsApi(context).detailsOk(w.admin.token, payment.id);
      expect(details.payment).toMatchObject({ status: 'PAID', bankAccount: { id: w.caja.id } });
    }
    // Stored in centavos, once.
    expect(await cashCountRows()).toEqual([
      expect.objectContaining({
        agent_id: w.agent.id,
        business_date: w.today,
        expected_cents: 500_000,
        counted_cents: 495_050,
        difference_cents: -4_950,
        kind: 'FALTANTE',
        closed_by: w.admin.id,
        confirmed_count: 3,
      }),
    ]);
    // The day now shows it closed, everything confirmed, nothing arrived late.
    const day = await api.getOk(w.admin.token, { agentId: w.agent.id });
    expect(day.totals).toMatchObject({ cash: 5_000, cashPending: 0, cashConfirmed: 5_000 });
    expect(day.closure).toEqual({ ...closed, lateArrivals: { count: 0, total: 0 } });
    // The agent reads their own closed day too.
    expect((await api.getOk(w.agent.token)).closure).toMatchObject({ kind: 'FALTANTE', difference: -49.5 });
    await expectLedger(context);
  });

  it('records a Sobrante counted by denomination; pieces listed as 0 are not kept', async () => {
    const closed = await api.closeOk(
      w.admin.token,
      close({
        counted: 5_020.5,
        denominations: { B1000: 3, B500: 3, B200: 2, B100: 1, C20: 1, C050: 1, C10: 0 },
        note: 'El agente entregó de más',
      }),
    );
    expect(closed).toMatchObject({
      expected: 5_000,
      counted: 5_020.5,
      difference: 20.5,
      kind: 'SOBRANTE',
      denominations: { B1000: 3, B500: 3, B200: 2, B100: 1, C20: 1, C050: 1 },
    });
  });

  it('an exact count needs no note and has no kind', async () => {
    const closed = await api.closeOk(w.admin.token, close());
    expect(closed).toMatchObject({ expected: 5_000, counted: 5_000, difference: 0, kind: null, note: null });
  });

  it('closes another day by its date: that day’s cash only', async () => {
    const yesterday = addDays(w.today, -1);
    const closed = await api.closeOk(w.admin.token, close({ date: yesterday, counted: 1_000 }));
    expect(closed).toMatchObject({ date: yesterday, expected: 1_000, difference: 0, confirmed: 1 });
    // Today is still open.
    expect((await api.getOk(w.admin.token, { agentId: w.agent.id })).closure).toBeNull();
  });

  it('a day without cash closes at $0 expected; counting cash there is a Sobrante', async () => {
    const closed = await api.closeOk(
      w.admin.token,
      close({ date: addDays(w.today, -5), counted: 100, note: 'Efectivo sin pago registrado' }),
    );
    expect(closed).toMatchObject({
      expected: 0,
      counted: 100,
      difference: 100,
      kind: 'SOBRANTE',
      confirmed: 0,
    });
  });

  it('asks for a note when the cash differs, and refuses the close whole: nothing confirmed, nothing kept', async () => {
    const before = await everything();
    for (const note of [undefined, null, '', '   ']) {
      expectProblem(
        await api.close(w.admin.token, close({ counted: 4_900, note })),
        400,
        'note: Escriba una nota que explique el faltante o el sobrante',
      );
      expectProblem(
        await api.close(w.admin.token, close({ counted: 5_000.01, note })),
        400,
        'note: Escriba una nota que explique el faltante o el sobrante',
      );
    }
    expect(await everything()).toEqual(before);
  });

  it('refuses denominations that do not add up, unknown pieces and bad amounts; nothing changes', async () => {
    const before = await everything();
    expectProblem(
      await api.close(w.admin.token, close({ denominations: { B1000: 4, B500: 1 } })),
      400,
      'denominations: Las denominaciones no suman el efectivo contado',
    );
    expectProblem(
      await api.close(w.admin.token, close({ denominations: { B2000: 1 } })),
      400,
      /^denominations/,
    );
    expectProblem(
      await api.close(w.admin.token, close({ denominations: { B500: -1 } })),
      400,
      /^denominations\.B500/,
    );
    expectProblem(
      await api.close(w.admin.token, close({ denominations: { B500: 1.5 } })),
      400,
      /^denominations\.B500/,
    );
    expectProblem(
      await api.close(w.admin.token, close({ counted: -1 })),
      400,
      'counted: El efectivo contado no puede ser negativo',
    );
    expectProblem(await api.close(w.admin.token, close({ counted: 4_999.999 })), 400, /^counted: /);
    expectProblem(
      await api.close(w.admin.token, close({ note: 'x'.repeat(301), counted: 1 })),
      400,
      /^note: /,
    );
    expectProblem(await api.close(w.admin.token, close({ counted: undefined })), 400, /^counted: /);
    expect(await everything()).toEqual(before);
  });

  it('a closed day cannot be closed twice: 409, and the second changes nothing', async () => {
    await api.closeOk(w.admin.token, close({ counted: 4_990, note: 'Faltante menor' }));
    const before = await everything();
    expectProblem(
      await api.close(w.admin.token, close()),
      409,
      'El corte de caja de este agente y día ya está cerrado',
    );
    expect(await everything()).toEqual(before);
  });

  it('two closes at once: exactly one wins, the other is 409; one Abono per payment', async () => {
    const replies = await Promise.all([
      api.close(w.admin.token, close()),
      api.close(w.admin.token, close({ counted: 4_000, note: 'Otro conteo' })),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    expect(await cashCountRows()).toHaveLength(1);
    expect(await accountOf(context, w.admin, w.caja.id)).toMatchObject({
      balance: 9_000,
      realBalance: 9_000,
    });
    await expectLedger(context);
  });

  it('a payment that arrives after the close stays pending: the day shows it as a late arrival', async () => {
    const closed = await api.closeOk(w.admin.token, close());
    const late = await registerOldest(context, w.agent, w.loanA.loan.id, 1);

    const day = await api.getOk(w.admin.token, { agentId: w.agent.id });
    expect(day.closure).toEqual({ ...closed, lateArrivals: { count: 1, total: late.amount } });
    expect(day.totals).toMatchObject({ cash: 5_000 + late.amount, cashPending: late.amount });
    expect((await paymentsApi(context).detailsOk(w.admin.token, late.id)).payment.status).toBe('VALIDATING');

    // It is still confirmed by 'Confirmar corte' (or alone); the count stays as recorded, the day closed.
    expect(
      await api.confirmOk(w.admin.token, { agentId: w.agent.id, date: w.today, targetAccountId: w.caja.id }),
    ).toMatchObject({
      confirmed: 1,
      paymentIds: [late.id],
    });
    expect((await api.getOk(w.admin.token, { agentId: w.agent.id })).closure).toEqual({
      ...closed,
      lateArrivals: { count: 0, total: 0 },
    });
    expectProblem(
      await api.close(w.admin.token, close()),
      409,
      'El corte de caja de este agente y día ya está cerrado',
    );
  });

  it('audits the close once, naming the agent, the account and who closed it', async () => {
    const closed = await api.closeOk(w.admin.token, close({ counted: 4_999.5, note: 'Faltan 50 centavos' }));
    const entries = (await auditRowsOf(context, w.agent.id)).filter(
      (row) => row.action === 'cash_close_closed',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: w.admin.id,
      entity: 'cash_close',
      before: null,
      after: {
        cashCountId: closed.id,
        agentId: w.agent.id,
        agent: `Ana Agente (No. ${w.agent.num})`,
        date: w.today,
        expected: 5_000,
        counted: 4_999.5,
        difference: -0.5,
        kind: 'FALTANTE',
        note: 'Faltan 50 centavos',
        bankAccountId: w.caja.id,
        bankAccount: 'Caja',
        confirmed: 3,
        confirmedTotal: 4_000,
        closedBy: expect.stringMatching(new RegExp(`\\(No\\. ${w.admin.num}\\)$`)),
      },
    });
    // Each payment keeps its own confirmation entry, as with 'Confirmar corte'.
    const payment = await auditRowsOf(context, w.agentDay.cashA.id);
    expect(payment.map((row) => row.action)).toEqual(['registered', 'confirmed']);
  });

  it('is for administrators only; unknown agent or account 404; a day not begun 400', async () => {
    const before = await everything();
    expectProblem(await api.close(w.agent.token, close()), 403, 'No tiene permisos para esta operación');
    expectProblem(await api.close(w.otherAgent.token, close()), 403, 'No tiene permisos para esta operación');
    const unknown = '0190a0c0-0000-7000-8000-00000000dead';
    expectProblem(await api.close(w.admin.token, close({ agentId: unknown })), 404, 'Agente no encontrado');
    expectProblem(
      await api.close(w.admin.token, close({ targetAccountId: unknown })),
      404,
      'Cuenta bancaria no encontrada',
    );
    expectProblem(
      await api.close(w.admin.token, close({ date: addDays(w.today, 1) })),
      400,
      'date: No se puede cerrar un día que aún no llega',
    );
    expectProblem(
      await api.close(w.admin.token, close({ targetAccountId: undefined })),
      400,
      'targetAccountId: Seleccione la cuenta donde ingresó el efectivo',
    );
    expect(await everything()).toEqual(before);
  });
});
