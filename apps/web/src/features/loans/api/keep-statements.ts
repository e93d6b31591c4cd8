import type { Loan } from '@prestaya/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { keepsOfflineReads } from '../../../lib/offline-reads.ts';
import { session } from '../../../lib/session.ts';
import { PAYABLE_STATUSES } from '../labels.ts';
import { loanQueryOptions } from './get-loan.ts';
import { loanFeesQueryOptions } from './get-loan-fees.ts';
import { loanPaymentsQueryOptions } from './get-loan-payments.ts';
import { scheduledPaymentsQueryOptions } from './get-scheduled-payments.ts';

/** At most this many of a customer's open loans are fetched ahead (usually there is one). */
export const STATEMENTS_AHEAD = 3;
/** A statement fetched ahead is not fetched again for a minute when the customer is reopened. */
const AHEAD_STALE_MS = 60_000;

/** Fetches a loan's statement queries (its print page and Calendario): loan, schedule, fines, payments. */
function prefetchStatement(queryClient: QueryClient, loanId: string) {
  const ahead = { staleTime: AHEAD_STALE_MS };
  void queryClient.prefetchQuery({ ...loanQueryOptions(loanId), ...ahead });
  void queryClient.prefetchQuery({ ...scheduledPaymentsQueryOptions(loanId), ...ahead });
  void queryClient.prefetchQuery({ ...loanFeesQueryOptions(loanId), ...ahead });
  void queryClient.prefetchQuery({ ...loanPaymentsQueryOptions(loanId), ...ahead });
}

/**
 * An agent who opens a customer with signal gets the statements of their open loans on the phone too
 * (lib/offline-reads.ts keeps them), so a customer seen in the morning can be shown their balance and
 * schedule where there is no signal. An administrator's screens fetch nothing ahead.
 */
export function keepStatementsOnPhone(queryClient: QueryClient, loans: Loan[]): void {
  if (!keepsOfflineReads(session.get()?.user)) return;
  const open = loans.filter((loan) => loan.activatedOn !== null && PAYABLE_STATUSES.includes(loan.status));
  for (const loan of open.slice(0, STATEMENTS_AHEAD)) prefetchStatement(queryClient, loan.id);
}
