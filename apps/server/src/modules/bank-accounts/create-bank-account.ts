import type { BankAccount, bankAccountCreate, z } from '@prestaya/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { applyAccountMovement } from './apply-movement.ts';
import { toBankAccountDto, toCents } from './mapping.ts';
import { BANK_ACCOUNT_AUDIT_ENTITY, OPENING_BALANCE_REASON } from './messages.ts';

export type NewBankAccount = z.output<typeof bankAccountCreate>;

/**
 * The account starts at 0/0; an opening balance is then recorded as a DEPOSIT 'Saldo inicial' through
 * the ledger, so the account's balances are always the sum of its transactions (none when it is 0).
 */
export async function createBankAccount(
  db: AppDb,
  actorId: string,
  input: NewBankAccount,
): Promise<BankAccount> {
  const openingCents = toCents('balance', input.balance);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(bankAccounts)
      .values({
        id: uuidv7(),
        name: input.name,
        bankName: input.bankName,
        cardNumber: input.cardNumber,
        clabe: input.clabe,
        customerName: input.customerName,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    const row =
      openingCents > 0
        ? (
            await applyAccountMovement(tx, {
              accountId: inserted.id,
              type: 'DEPOSIT',
              amountCents: openingCents,
              reason: OPENING_BALANCE_REASON,
              actorId,
            })
          ).account
        : inserted;
    const dto = toBankAccountDto(row);
    const { id: _id, createdOn: _createdOn, ...snapshot } = dto;
    await writeAudit(tx, {
      actorId,
      entity: BANK_ACCOUNT_AUDIT_ENTITY,
      entityId: row.id,
      action: 'created',
      after: snapshot,
    });
    return dto;
  });
}
