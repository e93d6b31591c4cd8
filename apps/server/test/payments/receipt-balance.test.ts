import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { useTestAppWithDataDir } from '../support/app.ts';
import { jsonPart, rejection } from '../support/builders.ts';
import { openAccount, overdueLoan, useLoanWorld } from '../support/worlds.ts';

const context = useTestAppWithDataDir();
const world = useLoanWorld(context);

/** The balance a payment's receipt prints: what the loan still owed once that payment covered its lines. */
describe("a payment's balance after it", () => {
  it('counts fines, earlier confirmed payments and this one; later ones never change it', async () => {
    const payments = paymentsApi(context);
    const caja = await openAccount(context, world.admin, 1_000, 'Caja');
    // 12 × $1,000 and 3 fines of $50 owed; the first payment covers installment 1 and the fines.
    const { loan, fees, ids } = await overdueLoan(context, world);
    const pay = (scheduledPaymentIds: string[], feeIds: string[] = []) =>
      payments.registerOk(world.agent.token, loan.id, [
        jsonPart({ scheduledPaymentIds, feeIds, paymentMethod: 'CASH' }),
      ]);
    const balanceAfter = async (id: string) => (await payments.detailsOk(world.admin.token, id)).balanceAfter;

    const first = await pay(
      ids(1),
      fees.map((f) => f.id),
    );
    expect(await balanceAfter(first.id)).toBe(11_000);
    await payments.decideOk(world.admin.token, first.id, { status: 'PAID', targetAccountId: caja.id });

    const second = await pay(ids(2).slice(1));
    expect(await balanceAfter(second.id)).toBe(10_000);
    // The first receipt still reads what was owed after it.
    expect(await balanceAfter(first.id)).toBe(11_000);

    await payments.decideOk(world.admin.token, second.id, rejection());
    expect(await balanceAfter(second.id)).toBeNull();
  });
});
