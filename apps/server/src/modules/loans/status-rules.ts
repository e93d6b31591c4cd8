import type { LoanStatus } from '@prestaya/contracts';

/**
 * Which loan statuses a person may set by hand (PUT /loans/{id} with `status`), and which loans still
 * count as "in progress". Pure; unit-tested in test/loans/status-rules.test.ts.
 *
 * The spec (section 4) says manual transitions "are not constrained", but every status but CANCELLED
 * has money or a schedule behind it, so the server is authoritative
 * (docs/architecture.md "Loan lifecycle and the cash ledger"):
 * - APPROVED only through Aprobar (it reserves the money in an account);
 * - ACTIVE only through Entregar (it delivers the money and generates the schedule);
 * - DELAYED and PAID are computed from installments and fees, never typed;
 * - the only manual transition is cancelling a loan that has not been delivered: PENDING → CANCELLED,
 *   or APPROVED → CANCELLED, which releases the reservation (Liberación) unless it is a loanFromPast;
 * - setting the status a loan already has is accepted and changes nothing (the edit form sends it back).
 * Everything else is refused with a detail that names the right action.
 */
export type ManualStatusChange =
  | { ok: true; change: 'none' }
  | { ok: true; change: 'cancel'; releasesReservation: boolean }
  | { ok: false; message: string };

const COMPUTED = new Set<LoanStatus>(['ACTIVE', 'DELAYED', 'PAID']);

export const STATUS_CHANGE_MESSAGES = {
  useApprove: 'Use Aprobar para aprobar un préstamo',
  useDeliver: 'Use Entregar para entregar un préstamo aprobado; así queda activo',
  approveThenDeliver: 'Use Aprobar y después Entregar para activar un préstamo',
  computedByServer: 'El estatus de un préstamo activo lo calcula el sistema',
  deliveredCannotBeCancelled: 'Un préstamo ya entregado no se puede cancelar',
  approvedCannotGoBack: 'Un préstamo aprobado no puede volver a En espera; cancélelo para liberar la reserva',
  cancelledIsFinal: 'Un préstamo cancelado no puede cambiar de estatus',
} as const;

export function manualStatusChange(
  from: LoanStatus,
  to: LoanStatus,
  loanFromPast: boolean,
): ManualStatusChange {
  const refuse = (message: string): ManualStatusChange => ({ ok: false, message });
  if (from === to) return { ok: true, change: 'none' };
  if (from === 'CANCELLED') return refuse(STATUS_CHANGE_MESSAGES.cancelledIsFinal);
  if (COMPUTED.has(from)) {
    return refuse(
      to === 'CANCELLED'
        ? STATUS_CHANGE_MESSAGES.deliveredCannotBeCancelled
        : STATUS_CHANGE_MESSAGES.computedByServer,
    );
  }
  // from is PENDING or APPROVED
  if (to === 'CANCELLED') {
    return { ok: true, change: 'cancel', releasesReservation: from === 'APPROVED' && !loanFromPast };
  }
  if (to === 'APPROVED') return refuse(STATUS_CHANGE_MESSAGES.useApprove);
  if (to === 'PENDING') return refuse(STATUS_CHANGE_MESSAGES.approvedCannotGoBack);
  if (to === 'ACTIVE') {
    return refuse(
      from === 'APPROVED' ? STATUS_CHANGE_MESSAGES.useDeliver : STATUS_CHANGE_MESSAGES.approveThenDeliver,
    );
  }
  return refuse(STATUS_CHANGE_MESSAGES.computedByServer);
}

/**
 * A customer may have one loan in progress at a time: requested, approved, or delivered and not yet
 * paid. The product rules say nothing here; a lender does not lend again to someone who still owes, nor
 * queue two requests for one person (PAID and CANCELLED loans do not count).
 */
export const IN_PROGRESS_STATUSES = [
  'PENDING',
  'APPROVED',
  'ACTIVE',
  'DELAYED',
] as const satisfies readonly LoanStatus[];

/** The loan the customer header summarises first: delivered and not yet paid. */
export const OPEN_STATUSES = ['ACTIVE', 'DELAYED'] as const satisfies readonly LoanStatus[];
