import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { type CashCloseWorld, cashCloseWorld } from '../support/cash-close-world.ts';
import { addDays } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { auditRowsOf, storedPaymentState } from '../support/records.ts';
import { accountOf, expectLedger, ledgerOf, loanOf } from '../support/worlds.ts';

/**
 * 'Confirmar corte': the agent's VALIDATING cash of one business day confirmed into one account in one
 * transaction, each payment as a single confirmation would (an Abono each, items PAID, loan
 * recomputed), checked against figures counted by hand (support/cash-close-world.ts).
 */
const context = useTestApp();
const api = cashCloseApi(context);
const payments = paymentsApi(context);

let w: CashCloseWorld;
beforeEach(async () => {
  w = await cashCloseWorld(context);
});

const corte = () => ({ agentId: w.agent.id, date: w.today, targetAccountId: w.caja.id });

async function statusesOf(ids: string[]): Promise<Record<string, string>> {
  const rows = rowsOf<{ id: string; status: string }>(
    await context.database.db.execute(sql`select id, status from payments`),
  );
  return Object.fromEntries(rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, row.status]));
}

describe('Confirmar corte', () => {
  it('confirms the day’s VALIDATING cash into the account: one Abono each, balances and loans by hand', async () => {
    const { cashA, cashB, cashC, transferB, rejectedC, confirmedB } = w.agentDay;
    const fondeoBefore = await ledgerOf(context, w.admin, w.fondeo.id);
    const confirmed = [cashA, cashB, cashC].map((p) => p.id).sort();

    expect(await api.confirmOk(w.admin.token, corte())).toEqual({
      confirmed: 3,
      total: 4_000,
      paymentIds: confirmed,
    });

    // Caja: $5,000 + $2,000 + $1,000 + $1,000, in both balances.
    expect(await accountOf(context, w.admin, w.caja.id)).toMatchObject({
      balance: 9_000,
      realBalance: 9_000,
    });
    const loanNum = new Map([cashA, cashB, cashC].map((p) => [p.id, p.loan.num]));
    const amount = new Map([cashA, cashB, cashC].map((p) => [p.id, p.amount]));
    const ledger = await ledgerOf(context, w.admin, w.caja.id);
    expect(ledger.map((t) => [t.operationType, t.amount, t.reason, t.endBalance])).toEqual([
      ['DEPOSIT', 5_000, 'Saldo inicial', 5_000],
      ...confirmed.map((id, i) => [
        'PAYMENT_DEPOSIT',
        amount.get(id),
        `Abono préstamo #${loanNum.get(id)}`,
        5_000 + confirmed.slice(0, i + 1).reduce((sum, p) => sum + (amount.get(p) ?? 0), 0),
      ]),
    ]);
    expect(ledger.at(-1)?.endBalance).toBe(9_000);
    // Nothing else moved: Fondeo's ledger is as it was.
    expect(await ledgerOf(context, w.admin, w.fondeo.id)).toEqual(fondeoBefore);

    // Every payment as a single confirmation leaves it: PAID into Caja, its items paid, the loan recomputed.
    for (const id of confirmed) {
      const details = await payments.detailsOk(w.admin.token, id);
      expect(details.payment).toMatchObject({ status: 'PAID', bankAccount: { id: w.caja.id } });
    }
    expect(await loanOf(context, w.admin, w.loanA.loan.id)).toMatchObject({
      currentBalance: 10_000,
      status: 'ACTIVE',
    });
    // B: installment 1 by the corte, 3 earlier; 2 (the transfer) still in validation.
    expect(await loanOf(context, w.admin, w.loanB.loan.id)).toMatchObject({ currentBalance: 10_000 });
    expect(await loanOf(context, w.admin, w.loanC.loan.id)).toMatchObject({ currentBalance: 11_000 });

    // The rest is untouched: the transfer, the rejection, the earlier confirmation, other days and people.
    const { yesterdayC, byAdminC, otherAgentCash } = w.outside;
    expect(
      await statusesOf(
        [transferB, rejectedC, confirmedB, yesterdayC, byAdminC, otherAgentCash].map((p) => p.id),
      ),
    ).toEqual({
      [transferB.id]: 'VALIDATING',
      [rejectedC.id]: 'REJECTED',
      [confirmedB.id]: 'PAID',
      [yesterdayC.id]: 'VALIDATING',
      [byAdminC.id]: 'VALIDATING',
      [otherAgentCash.id]: 'VALIDATING',
    });
    expect((await payments.detailsOk(w.admin.token, confirmedB.id)).payment.bankAccount?.id).toBe(
      w.fondeo.id,
    );

    // The day now reads as all confirmed.
    expect((await api.getOk(w.admin.token, { agentId: w.agent.id })).totals).toEqual({
      cash: 5_000,
      cashPending: 0,
      cashConfirmed: 5_000,
      transfer: 1_000,
      count: 6,
    });
    await expectLedger(context);
  });

  it('audits the corte once (agent, date, count, total, account) besides each payment’s confirmation', async () => {
    await api.confirmOk(w.admin.token, corte());
    const corteEntries = (await auditRowsOf(context, w.agent.id)).filter(
      (row) => row.entity === 'cash_close',
    );
    expect(corteEntries).toHaveLength(1);
    const [entry] = corteEntries;
    expect(entry).toMatchObject({
      user_id: w.admin.id,
      entity: 'cash_close',
      action: 'cash_close_confirmed',
      before: null,
      after: {
        agentId: w.agent.id,
        date: w.today,
        count: 3,
        total: 4_000,
        bankAccountId: w.caja.id,
        paymentIds: [w.agentDay.cashA.id, w.agentDay.cashB.id, w.agentDay.cashC.id].sort(),
      },
    });
    const confirmation = await auditRowsOf(context, w.agentDay.cashB.id);
    expect(confirmation.map((row) => row.action)).toEqual(['registered', 'confirmed']);
  });

  it('a second Confirmar corte confirms nothing and changes nothing', async () => {
    await api.confirmOk(w.admin.token, corte());
    const before = await storedPaymentState(context);
    expect(await api.confirmOk(w.admin.token, corte())).toEqual({ confirmed: 0, total: 0, paymentIds: [] });
    expect(await storedPaymentState(context)).toEqual(before);
  });

  it('two Confirmar corte at once: one confirms the day, the other nothing; one Abono per payment', async () => {
    const replies = await Promise.all([
      api.confirmOk(w.admin.token, corte()),
      api.confirmOk(w.admin.token, corte()),
    ]);
    expect(replies.map((reply) => reply.confirmed).sort()).toEqual([0, 3]);
    const abonos = rowsOf<{ payment_id: string; n: number }>(
      await context.database.db.execute(sql`
        select payment_id, count(*)::int as n from account_transactions
         where operation_type = 'PAYMENT_DEPOSIT' group by payment_id`),
    );
    expect(abonos.every((row) => row.n === 1)).toBe(true);
    expect(await accountOf(context, w.admin, w.caja.id)).toMatchObject({
      balance: 9_000,
      realBalance: 9_000,
    });
    await expectLedger(context);
  });

  it('confirms another day’s corte by its date: only that day’s payments', async () => {
    const { yesterdayC } = w.outside;
    expect(await api.confirmOk(w.admin.token, { ...corte(), date: addDays(w.today, -1) })).toEqual({
      confirmed: 1,
      total: 1_000,
      paymentIds: [yesterdayC.id],
    });
    expect(await statusesOf([yesterdayC.id, w.agentDay.cashA.id])).toEqual({
      [yesterdayC.id]: 'PAID',
      [w.agentDay.cashA.id]: 'VALIDATING',
    });
  });

  it('refuses an unknown account or agent as a single confirmation does, and changes nothing', async () => {
    const before = await storedPaymentState(context);
    const unknown = '0190a0c0-0000-7000-8000-00000000dead';
    expectProblem(
      await api.confirm(w.admin.token, { ...corte(), targetAccountId: unknown }),
      404,
      'Cuenta bancaria no encontrada',
    );
    expectProblem(
      await payments.decide(w.admin.token, w.agentDay.cashA.id, { status: 'PAID', targetAccountId: unknown }),
      404,
      'Cuenta bancaria no encontrada',
    );
    expectProblem(
      await api.confirm(w.admin.token, { ...corte(), agentId: unknown }),
      404,
      'Agente no encontrado',
    );
    expect(await storedPaymentState(context)).toEqual(before);
  });

  it('is for administrators only, with every field required and checked', async () => {
    expectProblem(await api.confirm(w.agent.token, corte()), 403, 'No tiene permisos para esta operación');
    expectProblem(
      await api.confirm(w.admin.token, { agentId: w.agent.id, date: w.today }),
      400,
      'targetAccountId: Seleccione la cuenta donde ingresó el efectivo',
    );
    expectProblem(await api.confirm(w.admin.token, { ...corte(), date: '2026-02-30' }), 400, /^date: /);
    expectProblem(
      await api.confirm(w.admin.token, { ...corte(), agentId: 'ana' }),
      400,
      'agentId: Agente inválido',
    );
  });
});
