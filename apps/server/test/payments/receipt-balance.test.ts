import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { useTestAppWithDataDir } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { accrue, activeLoan, openAccount, useLoanWorld } from '../support/worlds.ts';

/** The balance a payment's receipt prints: what the loan still owed once that payment covered its lines. */
const context = useTestAppWithDataDir();
const api = paymentsApi(context);
const world = useLoanWorld(context);

describe("a payment's balance after it", () => {
  it('counts fines, earlier confirmed payments and this one; later ones never change it', async () => {
    const T = businessToday();
    const caja = await openAccount(context, world.admin, 1_000, 'Caja');
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
      requestDate: addDays(T, -10),
    });
    await accrue(context, T);
    const fees = await api.feesOk(world.admin.token, loan.id);
    expect(fees).toHaveLength(3);
    const ids = schedule.map((installment) => installment.id);

    // 12 × $1,000 + 3 fines of $50 owed; the first payment covers installment 1 and the fines.
    const first = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({
        scheduledPaymentIds: ids.slice(0, 1),
        feeIds: fees.map((f) => f.id),
        paymentMethod: 'CASH',
      }),
    ]);
    expect((await api.detailsOk(world.admin.token, first.id)).balanceAfter).toBe(11_000);
    await api.decideOk(world.admin.token, first.id, { status: 'PAID', targetAccountId: caja.id });

    const second = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: ids.slice(1, 2), paymentMethod: 'CASH' }),
    ]);
    expect((await api.detailsOk(world.admin.token, second.id)).balanceAfter).toBe(10_000);
    // The first receipt still reads what was owed after it.
    expect((await api.detailsOk(world.admin.token, first.id)).balanceAfter).toBe(11_000);

    await api.decideOk(world.admin.token, second.id, { status: 'REJECTED' });
    expect((await api.detailsOk(world.admin.token, second.id)).balanceAfter).toBeNull();
  });
});
