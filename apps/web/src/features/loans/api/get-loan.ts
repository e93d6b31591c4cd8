import type { Envelope, Loan } from '@prestaya/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { loansKeys } from './keys.ts';

/** GET /api/v1/loans/:id → envelope; 404 when the loan is not visible to the user. */
export async function getLoan(id: string): Promise<Loan> {
  const reply = await api.get<Envelope<Loan>>(apiPaths.loan(id));
  return reply.data;
}

export const loanQueryOptions = (id: string) =>
  queryOptions({ queryKey: loansKeys.detail(id), queryFn: () => getLoan(id), staleTime: 0 });
