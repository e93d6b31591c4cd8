import type { PaymentListItem } from '@prestaya/contracts';
import { businessDate } from '@prestaya/domain';
import type { AppDb, AppTx } from '../../db/client.ts';
import { refuseWhileUnderAmlReview } from '../aml/guard.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { claimKey, paymentFingerprint, storeReply } from './idempotency.ts';
import { toPaymentListItem } from './mapping.ts';
import { loadPayment, lockVisibleLoan } from './queries.ts';
import { abonoOf } from './register-abono.ts';
import { auditRegistration } from './register-audit.ts';
import { collectedAtOf, type RegisterPaymentInput } from './register-input.ts';
import { insertAttachment, insertPayment } from './register-insert.ts';
import { wholeItems } from './register-items.ts';
import { cancelFeesAccruedAfterCollection, takeParts } from './register-parts.ts';
import { payoffOf, recordPayoff } from './register-payoff.ts';
import { lockPayableRows } from './register-rows.ts';

export type { RegisterPaymentInput } from './register-input.ts';

/**
 * Registers a payment (docs/architecture.md "Payments"; the rules are packages/domain/src/payment-rules.ts). In ONE transaction:
 * the loan row is locked, then its installments and its pending/selected fees; the rules are checked on
 * the locked rows; the payment (VALIDATING, amount computed here), its items and the attachment are
 * inserted with the proof image's bytes (stored_files); the items become VALIDATING; the loan is
 * recomputed; an audit row is written. A second submit of the same items waits for the first and then
 * finds them VALIDATING → 409, unless both carry the same Idempotency-Key: the key is claimed first
 * (idempotency.ts), so the repeat waits for the first and answers with its reply (with the first's
 * collection instant). Any refusal or failure rolls the image and the key back with everything else.
 */
export async function registerPayment(db: AppDb, input: RegisterPaymentInput): Promise<PaymentListItem> {
  return await db.transaction((tx) => registerPaymentInTransaction(tx, input));
}

/** registerPayment inside the caller's transaction: a renewal's delivery registers the old loan's payoff. */
export async function registerPaymentInTransaction(
  tx: AppTx,
  input: RegisterPaymentInput,
): Promise<PaymentListItem> {
  const { idempotency } = input;
  if (idempotency) {
    const fingerprint = paymentFingerprint(input.loanId, input.request, input.file);
    const first = await claimKey(tx, idempotency, fingerprint);
    if (first) return first;
  }
  const collectedAt = collectedAtOf(input);
  const loan = await lockVisibleLoan(tx, input.actor, input.loanId);
  await refuseWhileUnderAmlReview(tx, loan.customerId, input.channel === 'PUBLIC' ? 'public' : 'staff');
  const selectedFeeIds = [...new Set(input.request.feeIds)];
  const { installments, feeRows } = await lockPayableRows(tx, loan.id, selectedFeeIds);

  const collectedOn =
    collectedAt && input.collectedAtBounds
      ? businessDate(collectedAt, input.collectedAtBounds.timeZone)
      : undefined;
  const payoff = input.request.payoff === undefined ? undefined : await payoffOf(tx, input, loan);
  const check =
    payoff ??
    (input.request.abono === undefined
      ? wholeItems(input, loan.status, installments, feeRows, selectedFeeIds, collectedOn)
      : abonoOf(input, loan.status, installments, feeRows, collectedOn));

  const payment = await insertPayment(tx, input, loan, check, collectedAt);
  if (payoff) await recordPayoff(tx, input, loan, payment.id, payoff);
  await takeParts(tx, check, installments, feeRows);
  await cancelFeesAccruedAfterCollection(tx, input, loan, check, feeRows, payment.id);
  const attachmentId = await insertAttachment(tx, payment.id, input.file);
  await recomputeLoan(tx, loan.id, {
    today: input.today,
    actorId: input.registeredBy,
    reason: 'payment_registered',
  });
  await auditRegistration(tx, input, loan, payment, check, payoff, attachmentId);
  const reply = toPaymentListItem(await loadPayment(tx, payment.id));
  if (idempotency) await storeReply(tx, idempotency, reply);
  return reply;
}
