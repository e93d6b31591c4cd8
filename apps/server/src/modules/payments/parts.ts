import { sql } from 'drizzle-orm';
import type { AppTx } from '../../db/client.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';

/** An installment's or fee's status and parts as packages/domain abono.ts computed them. */
export interface PartsUpdate {
  id: string;
  status: string;
  paidCents: number;
  heldCents: number;
}

const asJson = (changes: readonly PartsUpdate[]) =>
  JSON.stringify(
    changes.map((c) => ({ id: c.id, status: c.status, paid_cents: c.paidCents, held_cents: c.heldCents })),
  );

/**
 * Writes the statuses and parts of installments in one statement (one JSON parameter, whatever the
 * number of rows). An installment that becomes PAID gets its paid_on. The caller holds the loan's lock
 * (loans/balance.ts lockLoans) and computed each row from what it read under it.
 */
export async function writeInstallmentParts(tx: AppTx, changes: readonly PartsUpdate[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(sql`
    update ${scheduledPayments} s set
      status = v.status,
      paid_cents = v.paid_cents,
      held_cents = v.held_cents,
      paid_on = case when v.status = 'PAID' and s.status <> 'PAID' then now() else s.paid_on end
    from jsonb_to_recordset(${asJson(changes)}::jsonb) as v(id uuid, status text, paid_cents bigint, held_cents bigint)
    where s.id = v.id`);
}

/** writeInstallmentParts for fees. */
export async function writeFeeParts(tx: AppTx, changes: readonly PartsUpdate[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(sql`
    update ${fees} f set status = v.status, paid_cents = v.paid_cents, held_cents = v.held_cents
    from jsonb_to_recordset(${asJson(changes)}::jsonb) as v(id uuid, status text, paid_cents bigint, held_cents bigint)
    where f.id = v.id`);
}
