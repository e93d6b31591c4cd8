import { type CollectedAtLimits, checkCollectedAt, type PaymentKind } from '@prestaya/domain';
import type { CustomerActor } from '../../access/customers.ts';
import { refuse } from '../../http/refusals.ts';
import type { IdempotentRequest } from './idempotency.ts';
import type { PaymentRequestInput, ReceivedProof } from './upload.ts';

export interface RegisterPaymentInput {
  loanId: string;
  request: PaymentRequestInput;
  /** A validated proof image read by receivePaymentUpload; stored in the payment's transaction. */
  file?: ReceivedProof | undefined;
  /** The staff user who registered it, or the agent who authorised a public payment. */
  registeredBy: string | null;
  /** 'RENEWAL': the payoff a renewal's delivery settles from the new loan (loans/renewal.ts). */
  channel: 'STAFF' | 'PUBLIC' | 'RENEWAL';
  /** When given, the loan must be visible to this actor (staff: an agent's own customers), else 404. */
  actor?: CustomerActor | undefined;
  /** The business day (statuses of the recomputed loan): app.businessClock's today. */
  today: string;
  /** The request's Idempotency-Key, if it sent one: a repeat gets the first reply. */
  idempotency?: IdempotentRequest | undefined;
  /**
   * Staff registrations: the request's `collectedAt` is kept when within these limits of `now` (the
   * business clock's instant); without it, or on the public channel, the payment is collected when
   * registered. Its day in `timeZone` (TZ_BUSINESS) is the collection day the fee rules compare with.
   */
  collectedAtBounds?: { now: Date; limits: CollectedAtLimits; timeZone: string } | undefined;
  /** A renewal's payoff: the new loan whose delivery settles this one (loans/renew.ts). */
  renewalLoanId?: string | undefined;
}

/** What a registration covers, whole items or an abono, before anything is written. */
export interface Coverage {
  kind: PaymentKind;
  lines: {
    kind: 'installment' | 'fee';
    id: string;
    concept: string;
    amountCents: number;
    remainingAfterCents: number;
    /** A payoff's discount on the item: taken with the line's amount, never paid in money. */
    discountCents?: number;
  }[];
  amountCents: number;
  /** PENDING fees the borrower paid before they accrued (feesAccruedAfterCollection): to cancel. */
  accruedAfterCollection: string[];
}

/** The instant to keep as collected_at, or undefined for the registration instant (the column default). */
export function collectedAtOf(input: RegisterPaymentInput): Date | undefined {
  const { collectedAtBounds: bounds } = input;
  const raw = input.request.collectedAt;
  if (!bounds || raw === undefined) return undefined;
  const at = new Date(raw);
  const check = checkCollectedAt(at, bounds.now, bounds.limits);
  if (!check.ok) {
    throw check.refusal === 'payment.collected_in_future'
      ? refuse(check.refusal, { values: { minutes: String(bounds.limits.maxSkewMinutes) } })
      : refuse(check.refusal, { values: { days: String(bounds.limits.maxAgeDays) } });
  }
  return at;
}
