import { type CashCloseConfirmed, type cashCloseConfirm, centsToPesos, type z } from '@prestaya/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { BusinessClock } from '../../clock.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { payments } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { lockLoans } from '../loans/balance.ts';
import { decidePaymentInTransaction } from '../payments/decide.ts';
import { registeredOnDay, requireAgent } from './day.ts';
import { CASH_CLOSE_AUDIT_ENTITY } from './messages.ts';

export type CashCloseConfirmInput = z.output<typeof cashCloseConfirm>;

/**
 * POST /cash-close/confirm (administrators): every CASH payment the agent registered that business day
 * and still VALIDATING is confirmed into `targetAccountId`, in ONE transaction, each by the single
 * confirmation itself (payments/decide.ts: an Abono per payment, items PAID, loan recomputed, audited).
 *
 * Locks, in the order single confirmations take them, so the two never deadlock: the payments (FOR
 * UPDATE, by id), then their loans (lockLoans, by id), then the account (the ledger, per Abono). A
 * payment confirmed or rejected meanwhile no longer matches once its lock is granted, so a second
 * 'Confirmar corte' — concurrent or later — confirms nothing and changes nothing (`confirmed: 0`).
 * Unknown agent → 404; unknown account → the single confirmation's 404, even with nothing to confirm.
 */
export async function confirmCashClose(
  db: AppDb,
  actor: CustomerActor,
  input: CashCloseConfirmInput,
  clock: BusinessClock,
): Promise<CashCloseConfirmed> {
  return db.transaction(async (tx) => {
    const agent = await requireAgent(tx, input.agentId);
    const account = await requireAccount(tx, input.targetAccountId);
    const done = await confirmPendingCash(tx, actor, agent.id, input.date, account.id, clock);
    if (done.paymentIds.length === 0) return { confirmed: 0, total: 0, paymentIds: [] };
    await writeAudit(tx, {
      actorId: actor.id,
      entity: CASH_CLOSE_AUDIT_ENTITY,
      entityId: agent.id,
      action: 'cash_close_confirmed',
      after: {
        agentId: agent.id,
        date: input.date,
        count: done.paymentIds.length,
        total: centsToPesos(done.totalCents),
        bankAccountId: account.id,
        paymentIds: done.paymentIds,
      },
    });
    return {
      confirmed: done.paymentIds.length,
      total: centsToPesos(done.totalCents),
      paymentIds: done.paymentIds,
    };
  });
}

/** The account a corte confirms into (id and name); the single confirmation's 404 when unknown. */
export async function requireAccount(tx: AppTx, accountId: string) {
  const [account] = await tx
    .select({ id: bankAccounts.id, name: bankAccounts.name })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId))
    .limit(1);
  if (!account) throw refuse('bank_account.not_found');
  return account;
}

/**
 * Inside the caller's transaction: confirms into `accountId` every CASH payment of the agent's day still
 * VALIDATING, each by the single confirmation, and says which (by id) and for how much. Shared by
 * 'Confirmar corte' and the close with a count (close.ts), so both confirm exactly the same way.
 */
export async function confirmPendingCash(
  tx: AppTx,
  actor: CustomerActor,
  agentId: string,
  date: string,
  accountId: string,
  clock: BusinessClock,
): Promise<{ paymentIds: string[]; totalCents: number }> {
  const pending = await tx
    .select({ id: payments.id, loanId: payments.loanId, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        registeredOnDay(agentId, date, clock.timeZone),
        eq(payments.status, 'VALIDATING'),
        eq(payments.paymentMethod, 'CASH'),
      ),
    )
    .orderBy(asc(payments.id))
    .for('update');
  if (pending.length === 0) return { paymentIds: [], totalCents: 0 };

  await lockLoans(
    tx,
    pending.map((payment) => payment.loanId),
  );
  const today = clock.today();
  let totalCents = 0;
  for (const payment of pending) {
    await decidePaymentInTransaction(
      tx,
      actor,
      payment.id,
      { status: 'PAID', targetAccountId: accountId },
      today,
    );
    totalCents += payment.amountCents;
  }
  return { paymentIds: pending.map((payment) => payment.id), totalCents };
}
