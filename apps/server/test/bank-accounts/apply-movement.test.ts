import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { accountTransactions, bankAccounts } from '../../src/db/schema/bank-accounts.ts';
import { HttpProblem } from '../../src/errors.ts';
import {
  type AccountMovementInput,
  applyAccountMovement,
  LedgerRefusalError,
} from '../../src/modules/bank-accounts/apply-movement.ts';
import { bankAccountsApi } from '../support/api.ts';
import { expectProblem, useAdmin, useTestApp } from '../support/app.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';

/** applyAccountMovement as loans and payments will call it: inside their own transaction. */
const context = useTestApp();
const api = () => bankAccountsApi(context.app);
const admin = useAdmin(context);

const move = (input: Omit<AccountMovementInput, 'actorId'>) =>
  context.database.db.transaction((tx) => applyAccountMovement(tx, { actorId: admin.id, ...input }));

async function refusal(work: Promise<unknown>): Promise<HttpProblem> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
}

describe('applyAccountMovement', () => {
  it('reserves, delivers and releases for a loan, and a reservation limits manual withdrawals', async () => {
    const account = await api().createOk(admin.token, { balance: 10_000 });
    const loanA = uuidv7();
    const loanB = uuidv7();

    // Approve loan A ($3,000) and loan B ($1,000): Reserva lowers only the available balance.
    const reserved = await move({
      accountId: account.id,
      type: 'VIRTUAL_WITHDRAWAL',
      amountCents: 300_000,
      loanId: loanA,
    });
    expect(reserved.account).toMatchObject({ balanceCents: 700_000, realBalanceCents: 1_000_000 });
    expect(reserved.transaction).toMatchObject({
      operationType: 'VIRTUAL_WITHDRAWAL',
      amountCents: 300_000,
      initialBalanceCents: 1_000_000,
      endBalanceCents: 700_000,
      initialRealBalanceCents: 1_000_000,
      endRealBalanceCents: 1_000_000,
      loanId: loanA,
      paymentId: null,
      createdBy: admin.id,
      reason: null,
    });
    await move({ accountId: account.id, type: 'VIRTUAL_WITHDRAWAL', amountCents: 100_000, loanId: loanB });
    await expectLedgerInvariant(context.database.db);

    // The reserved money is there but cannot be withdrawn by hand.
    expectProblem(
      await api().move(admin.token, account.id, { withdrawal: 6_000.01, reason: 'x' }),
      409,
      'Saldo insuficiente: disponible $6,000.00',
    );
    // Neither reserve more than is available.
    const short = await refusal(
      move({ accountId: account.id, type: 'VIRTUAL_WITHDRAWAL', amountCents: 600_001, loanId: uuidv7() }),
    );
    expect(short).toBeInstanceOf(LedgerRefusalError);
    expect(short).toMatchObject({ status: 409, detail: 'Saldo insuficiente: disponible $6,000.00' });
    expect((short as LedgerRefusalError).refusal).toEqual({
      kind: 'insufficientBalance',
      availableCents: 600_000,
    });

    // Deliver loan A: Entrega lowers only the real balance.
    const delivered = await move({
      accountId: account.id,
      type: 'WITHDRAWAL',
      amountCents: 300_000,
      loanId: loanA,
    });
    expect(delivered.account).toMatchObject({ balanceCents: 600_000, realBalanceCents: 700_000 });
    // Cancel loan B: Liberación gives the reservation back.
    const released = await move({
      accountId: account.id,
      type: 'RELEASE',
      amountCents: 100_000,
      loanId: loanB,
    });
    expect(released.account).toMatchObject({ balanceCents: 700_000, realBalanceCents: 700_000 });
    // Nothing is reserved any more: neither delivery nor release can happen again.
    for (const type of ['WITHDRAWAL', 'RELEASE'] as const) {
      expect(await refusal(move({ accountId: account.id, type, amountCents: 1 }))).toMatchObject({
        status: 409,
        detail: 'El monto excede lo reservado en la cuenta: reservado $0.00',
      });
    }
    // A confirmed payment: Abono raises both.
    const paymentId = uuidv7();
    const paid = await move({
      accountId: account.id,
      type: 'PAYMENT_DEPOSIT',
      amountCents: 108_333,
      paymentId,
    });
    expect(paid.account).toMatchObject({ balanceCents: 808_333, realBalanceCents: 808_333 });
    expect(paid.transaction.paymentId).toBe(paymentId);

    const list = await api().transactionsOk(admin.token, account.id);
    expect(list.data.map((t) => t.operationType)).toEqual([
      'PAYMENT_DEPOSIT',
      'RELEASE',
      'WITHDRAWAL',
      'VIRTUAL_WITHDRAWAL',
      'VIRTUAL_WITHDRAWAL',
      'DEPOSIT',
    ]);
    expect(await expectLedgerInvariant(context.database.db)).toBe(6);
  });

  it('commits or rolls back together with the caller’s own writes', async () => {
    const account = await api().createOk(admin.token, { balance: 100 });
    const otherId = uuidv7();

    // The caller's work fails after the movement: the movement is undone.
    await expect(
      context.database.db.transaction(async (tx) => {
        await applyAccountMovement(tx, {
          accountId: account.id,
          type: 'DEPOSIT',
          amountCents: 5_000,
          actorId: admin.id,
        });
        throw new Error('falla posterior del llamador');
      }),
    ).rejects.toThrow('falla posterior del llamador');

    // The movement is refused: the caller's earlier write is undone as well.
    await refusal(
      context.database.db.transaction(async (tx) => {
        await tx.insert(bankAccounts).values({ id: otherId, name: 'X', bankName: 'X', customerName: 'X' });
        await applyAccountMovement(tx, {
          accountId: account.id,
          type: 'MANUAL_WITHDRAWAL',
          amountCents: 10_001,
          actorId: admin.id,
        });
      }),
    );
    expect(await context.database.db.select().from(bankAccounts).where(eq(bankAccounts.id, otherId))).toEqual(
      [],
    );
    expect((await api().get(admin.token, account.id)).json().data).toMatchObject({
      balance: 100,
      realBalance: 100,
    });
    expect(
      await context.database.db.$count(accountTransactions, eq(accountTransactions.accountId, account.id)),
    ).toBe(1);
    await expectLedgerInvariant(context.database.db);
  });

  it('refuses amounts that are not positive whole centavos (400) and unknown accounts (404)', async () => {
    const account = await api().createOk(admin.token, { balance: 100 });
    for (const amountCents of [0, -100, 1.5, Number.NaN]) {
      const error = await refusal(move({ accountId: account.id, type: 'DEPOSIT', amountCents }));
      expect(error).toMatchObject({ status: 400, detail: 'El monto debe ser mayor a 0' });
    }
    expect(await refusal(move({ accountId: uuidv7(), type: 'DEPOSIT', amountCents: 1 }))).toMatchObject({
      status: 404,
      detail: 'Cuenta bancaria no encontrada',
    });
    expect(await expectLedgerInvariant(context.database.db)).toBe(1);
  });
});
