/**
 * A loan's statuses, the groups the rules speak of, and every status change the system makes
 * (docs/architecture.md "Loan lifecycle and the cash ledger"). Pure; the contracts re-export
 * LOAN_STATUSES so the API, the screens and these rules share one list.
 */

export const LOAN_STATUSES = [
  'PENDING',
  'APPROVED',
  'ACTIVE',
  'PAID',
  'DELAYED',
  'CANCELLED',
  'WRITTEN_OFF',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/**
 * Delivered and not yet paid: what a payment may cover, what accrues late fees, and the loan the
 * customer header summarises first.
 */
export const OPEN_STATUSES = ['ACTIVE', 'DELAYED'] as const satisfies readonly LoanStatus[];
export type OpenLoanStatus = (typeof OPEN_STATUSES)[number];

/** Requested or approved: no money has left an account, so the loan may still be cancelled or edited. */
export const UNDELIVERED_STATUSES = ['PENDING', 'APPROVED'] as const satisfies readonly LoanStatus[];

/**
 * A customer may have one loan in progress at a time: requested, approved, or delivered and not yet
 * paid. The product rules say nothing here; a lender does not lend again to someone who still owes, nor
 * queue two requests for one person (PAID and CANCELLED loans do not count).
 */
export const IN_PROGRESS_STATUSES = [
  ...UNDELIVERED_STATUSES,
  ...OPEN_STATUSES,
] as const satisfies readonly LoanStatus[];

/**
 * Computed from installments and fees (loan balance), never typed: a delivered loan. PENDING, APPROVED
 * and CANCELLED are never recomputed.
 */
export const COMPUTED_STATUSES = [...OPEN_STATUSES, 'PAID'] as const satisfies readonly LoanStatus[];
export type ComputedLoanStatus = (typeof COMPUTED_STATUSES)[number];

/**
 * What a payment may be registered on: the open loans, and a written-off one (Castigo), whose later
 * payments are recoveries (docs/product.md "Castigo"). A written-off loan accrues nothing and is not
 * in the portfolio, so it is in no other group.
 */
export const PAYABLE_LOAN_STATUSES = [
  ...OPEN_STATUSES,
  'WRITTEN_OFF',
] as const satisfies readonly LoanStatus[];

/**
 * Delivered loans whose balances follow their installments and fees (recomputed after every payment
 * decision): the computed ones, and a written-off one, which keeps its status whatever it is paid.
 */
export const BALANCED_STATUSES = [
  ...COMPUTED_STATUSES,
  'WRITTEN_OFF',
] as const satisfies readonly LoanStatus[];

export const isLoanStatus = (status: string): status is LoanStatus =>
  (LOAN_STATUSES as readonly string[]).includes(status);
/**
 * The statuses the Lista Global's filter offers first, in the order docs/product.md §2
 * "GlobalLoanList" names them; the screen lists the others after these.
 */
export const GLOBAL_LIST_FIRST_STATUSES = [
  'ACTIVE',
  'PENDING',
  'DELAYED',
  'APPROVED',
] as const satisfies readonly LoanStatus[];

export const isOpenStatus = (status: string): boolean =>
  (OPEN_STATUSES as readonly string[]).includes(status);
export const isUndeliveredStatus = (status: string): boolean =>
  (UNDELIVERED_STATUSES as readonly string[]).includes(status);
export const isPayableLoanStatus = (status: string): boolean =>
  (PAYABLE_LOAN_STATUSES as readonly string[]).includes(status);
export const isComputedStatus = (status: string): status is ComputedLoanStatus =>
  (COMPUTED_STATUSES as readonly string[]).includes(status);

/** Why a status change is refused; the server words each code (apps/server/src/http/refusals.ts). */
export type LoanStatusRefusal =
  | 'loan.approve_only_pending'
  | 'loan.deliver_only_approved'
  | 'loan.use_approve'
  | 'loan.use_deliver'
  | 'loan.approve_then_deliver'
  | 'loan.status_computed'
  | 'loan.computed_only_after_delivery'
  | 'loan.delivered_not_cancellable'
  | 'loan.approved_cannot_go_back'
  | 'loan.cancelled_is_final'
  | 'loan.standing_only_delivered'
  | 'loan.restructure_only_open'
  | 'loan.write_off_only_delayed'
  | 'loan.use_write_off'
  | 'loan.written_off_is_final';

/**
 * What happens to a loan:
 * - `approve` (Aprobar): PENDING → APPROVED; the server reserves the amount in an account;
 * - `deliver` (Entregar): APPROVED → ACTIVE; the server delivers the money and generates the schedule;
 * - `cancel`: a loan not yet delivered, PENDING or APPROVED → CANCELLED;
 * - `edit`: the status typed in the loan's edit form (PUT /loans/{id} with `status`);
 * - `recompute`: a delivered loan takes the status its installments and fees give it (`standing`,
 *   the loan balance rule) after a payment, a decision, a forgiven fee or the accrual;
 * - `restructure` (Reestructurar): only an open loan (ACTIVE, DELAYED); it keeps its status until the
 *   recomputation that follows the new schedule gives it one.
 * - `writeOff` (Castigar): DELAYED → WRITTEN_OFF, by an administrator (write-off.ts says when the loan
 *   is overdue enough). A written-off loan keeps that status for good: its later payments are
 *   recoveries and only its balances are recomputed.
 */
export type LoanAction =
  | { kind: 'approve' }
  | { kind: 'deliver' }
  | { kind: 'cancel'; loanFromPast: boolean }
  | { kind: 'edit'; to: LoanStatus; loanFromPast: boolean }
  | { kind: 'recompute'; standing: ComputedLoanStatus }
  | { kind: 'restructure' }
  | { kind: 'writeOff' };

export type LoanTransition =
  | {
      ok: true;
      /** The status after the action; equal to `from` when nothing changes. */
      to: LoanStatus;
      /** An APPROVED loan that reserved money gives it back to its account (Liberación). */
      releasesReservation: boolean;
    }
  | { ok: false; refusal: LoanStatusRefusal };

const refuse = (refusal: LoanStatusRefusal): LoanTransition => ({ ok: false, refusal });
const move = (to: LoanStatus, releasesReservation = false): LoanTransition => ({
  ok: true,
  to,
  releasesReservation,
});

/**
 * THE loan status machine. Every status but CANCELLED has money or a schedule behind it, so a typed
 * status never bypasses the action that moves them, and the refusal names the right action:
 * - APPROVED only through Aprobar, ACTIVE only through Entregar;
 * - DELAYED and PAID are computed from installments and fees, never typed;
 * - cancelling releases the reservation of an APPROVED loan, unless it is a loanFromPast (which
 *   moved no money); a delivered loan cannot be cancelled, a cancelled one never changes;
 * - editing to the status a loan already has is accepted and changes nothing (the edit form sends it
 *   back).
 */
export function transition(from: LoanStatus, action: LoanAction): LoanTransition {
  switch (action.kind) {
    case 'approve':
      return from === 'PENDING' ? move('APPROVED') : refuse('loan.approve_only_pending');
    case 'deliver':
      return from === 'APPROVED' ? move('ACTIVE') : refuse('loan.deliver_only_approved');
    case 'cancel':
      if (isUndeliveredStatus(from)) return move('CANCELLED', from === 'APPROVED' && !action.loanFromPast);
      if (from === 'WRITTEN_OFF') return refuse('loan.written_off_is_final');
      return refuse(from === 'CANCELLED' ? 'loan.cancelled_is_final' : 'loan.delivered_not_cancellable');
    case 'edit':
      return editStatus(from, action.to, action.loanFromPast);
    case 'recompute':
      if (from === 'WRITTEN_OFF') return move(from);
      return isComputedStatus(from) ? move(action.standing) : refuse('loan.standing_only_delivered');
    case 'restructure':
      return isOpenStatus(from) ? move(from) : refuse('loan.restructure_only_open');
    case 'writeOff':
      return from === 'DELAYED' ? move('WRITTEN_OFF') : refuse('loan.write_off_only_delayed');
  }
}

function editStatus(from: LoanStatus, to: LoanStatus, loanFromPast: boolean): LoanTransition {
  if (from === to) return move(from);
  if (from === 'WRITTEN_OFF') return refuse('loan.written_off_is_final');
  if (to === 'CANCELLED') return transition(from, { kind: 'cancel', loanFromPast });
  if (from === 'CANCELLED') return refuse('loan.cancelled_is_final');
  if (to === 'WRITTEN_OFF') return refuse('loan.use_write_off');
  if (isComputedStatus(from)) return refuse('loan.status_computed');
  // from is PENDING or APPROVED
  if (to === 'APPROVED') return refuse('loan.use_approve');
  if (to === 'PENDING') return refuse('loan.approved_cannot_go_back');
  if (to === 'ACTIVE') return refuse(from === 'APPROVED' ? 'loan.use_deliver' : 'loan.approve_then_deliver');
  // PAID or DELAYED on a loan not delivered yet: there are no installments to compute them from.
  return refuse('loan.computed_only_after_delivery');
}

/**
 * The statuses the edit form may offer for a loan: exactly those `transition` accepts as an `edit`, so
 * the screen never offers a status the server refuses. Its own status comes first (sending it back
 * changes nothing).
 */
export function editableStatuses(from: LoanStatus, loanFromPast: boolean): LoanStatus[] {
  return [
    from,
    ...LOAN_STATUSES.filter((to) => to !== from && transition(from, { kind: 'edit', to, loanFromPast }).ok),
  ];
}
