import { type AccountOperationType, centsToPesos, formatCents } from '@prestaya/contracts';
import { applyMovement, type LedgerRefusal } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppTx } from '../../db/client.ts';
import {
  type AccountTransactionRow,
  accountTransactions,
  type BankAccountRow,
  bankAccounts,
} from '../../db/schema/bank-accounts.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { Refusal, refuse } from '../../http/refusals.ts';
import { BANK_ACCOUNT_AUDIT_ENTITY } from './messages.ts';

export interface AccountMovementInput {
  accountId: string;
  type: AccountOperationType;
  /** Positive whole centavos. */
  amountCents: number;
  /** Concept shown in the account's transactions ('Saldo inicial', the withdrawal's concept…). */
  reason?: string | null;
  /** The loan behind a Reserva, Entrega or Liberación. */
  loanId?: string | null;
  /** The payment behind an Abono. */
  paymentId?: string | null;
  /** The signed-in user who caused the movement; null for the system. */
  actorId: string | null;
}

export interface AppliedMovement {
  /** The account row after the movement. */
  account: BankAccountRow;
  /** The ledger row written for it. */
  transaction: AccountTransactionRow;
}

/** The refusal of the table for each refusal of the ledger, with its amounts in pesos. */
function ledgerRefusal(refusal: LedgerRefusal): ConstructorParameters<typeof Refusal> {
  switch (refusal.kind) {
    case 'invalidAmount':
      return ['ledger.invalid_amount'];
    case 'insufficientBalance':
      return ['ledger.insufficient_balance', { values: { available: formatCents(refusal.availableCents) } }];
    case 'exceedsReserved':
      return ['ledger.exceeds_reserved', { values: { reserved: formatCents(refusal.reservedCents) } }];
    case 'tooLarge':
      return ['ledger.too_large'];
  }
}

/**
 * A movement the ledger refuses (packages/domain/src/ledger.ts). Invalid amount → 400; short balance, more than is
 * reserved, or an overflowing balance → 409 Conflict: the request is well-formed but the account's
 * current state does not allow it (it may succeed later). Callers may catch it to word their own detail.
 */
export class LedgerRefusalError extends Refusal {
  constructor(readonly refusal: LedgerRefusal) {
    super(...ledgerRefusal(refusal));
    this.name = 'LedgerRefusalError';
  }
}

/**
 * THE way a bank account's balances change (docs/architecture.md "Loan lifecycle and the cash ledger");
 * nothing else writes bank_accounts.balance_cents / real_balance_cents or account_transactions.
 *
 * Runs inside the caller's transaction (`db.transaction(async (tx) => …)`), so the caller's own writes
 * (loan status, payment status) commit or roll back together with the money:
 * 1. locks the account row (`SELECT … FOR NO KEY UPDATE`): concurrent movements of one account take
 *    turns. NO KEY UPDATE (not UPDATE) because a write that references the account (a movement, or a
 *    loan updated twice in one transaction, which PostgreSQL re-checks) takes a KEY SHARE lock on it
 *    through the foreign key, which a plain FOR UPDATE held by another transaction would block: that
 *    wait, taken while holding a loan lock, closed deadlock cycles with movements waiting for the loan;
 * 2. applies the pure rule to the locked balances; a refusal throws LedgerRefusalError (and the
 *    caller's transaction rolls back, so nothing changes);
 * 3. updates the balances and inserts the transaction row with the balances before and after;
 * 4. writes the audit row.
 *
 * `created_on` is `clock_timestamp()` taken after the lock, not the transaction's start time, so the
 * transactions of an account ordered by (created_on, id) follow the order the movements were applied
 * in, and each row's end balances are the next row's initial balances.
 *
 * Unknown account → 404 'Cuenta bancaria no encontrada'.
 */
export async function applyAccountMovement(tx: AppTx, input: AccountMovementInput): Promise<AppliedMovement> {
  const [current] = await tx
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.id, input.accountId))
    .for('no key update');
  if (!current) throw refuse('bank_account.not_found');

  const result = applyMovement(current, { type: input.type, amountCents: input.amountCents });
  if (!result.ok) throw new LedgerRefusalError(result.refusal);
  const { balanceCents, realBalanceCents } = result.balances;

  const [account] = await tx
    .update(bankAccounts)
    .set({ balanceCents, realBalanceCents, updatedOn: sql`now()` })
    .where(eq(bankAccounts.id, input.accountId))
    .returning();
  if (!account) throw new Error('update returned no row');

  const [transaction] = await tx
    .insert(accountTransactions)
    .values({
      id: uuidv7(),
      accountId: input.accountId,
      createdOn: sql`clock_timestamp()`,
      operationType: input.type,
      amountCents: input.amountCents,
      initialBalanceCents: current.balanceCents,
      initialRealBalanceCents: current.realBalanceCents,
      endBalanceCents: balanceCents,
      endRealBalanceCents: realBalanceCents,
      reason: input.reason ?? null,
      loanId: input.loanId ?? null,
      paymentId: input.paymentId ?? null,
      createdBy: input.actorId,
    })
    .returning();
  if (!transaction) throw new Error('insert returned no row');

  await writeAudit(tx, {
    actorId: input.actorId,
    entity: BANK_ACCOUNT_AUDIT_ENTITY,
    entityId: input.accountId,
    action: `movement_${input.type.toLowerCase()}`,
    before: {
      balance: centsToPesos(current.balanceCents),
      realBalance: centsToPesos(current.realBalanceCents),
    },
    after: {
      balance: centsToPesos(balanceCents),
      realBalance: centsToPesos(realBalanceCents),
      transactionId: transaction.id,
      operationType: input.type,
      amount: centsToPesos(input.amountCents),
      reason: transaction.reason,
      loanId: transaction.loanId,
      paymentId: transaction.paymentId,
    },
  });
  return { account, transaction };
}
