import { payoffQuote } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { loansKeys } from './keys.ts';

/**
 * GET /api/v1/loans/:id/payoff-quote: the early payoff ('Liquidación anticipada') for today, as the
 * server prices it; a payoff payment must carry exactly its `total`. Never cached: valid for the day.
 */
export const payoffQuoteQueryOptions = (loanId: string) =>
  apiQuery({
    read: payoffQuote.parse,
    queryKey: [...loansKeys.detail(loanId), 'payoff-quote'],
    path: `${apiPaths.loan(loanId)}/payoff-quote`,
    staleTime: 0,
  });

export const usePayoffQuote = (loanId: string, enabled = true) =>
  useQuery({ ...payoffQuoteQueryOptions(loanId), enabled, retry: false });
