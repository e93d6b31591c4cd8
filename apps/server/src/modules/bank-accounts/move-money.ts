import type { AccountMovement, BankAccount } from '@prestaya/contracts';
import type { AppDb } from '../../db/client.ts';
import { applyAccountMovement } from './apply-movement.ts';
import { toBankAccountDto, toCents } from './mapping.ts';

/** PATCH /bank-accounts/:id: `{withdrawal, reason}` → Retiro, `{deposit, reason}` → Depósito. */
export async function moveMoney(
  db: AppDb,
  actorId: string,
  accountId: string,
  movement: AccountMovement,
): Promise<BankAccount> {
  const [type, field, pesos] =
    'withdrawal' in movement
      ? (['MANUAL_WITHDRAWAL', 'withdrawal', movement.withdrawal] as const)
      : (['DEPOSIT', 'deposit', movement.deposit] as const);
  const amountCents = toCents(field, pesos);
  const { account } = await db.transaction((tx) =>
    applyAccountMovement(tx, { accountId, type, amountCents, reason: movement.reason, actorId }),
  );
  return toBankAccountDto(account);
}
