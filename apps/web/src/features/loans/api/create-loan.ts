import { type LoanCreate, loan } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { loanChangeKeys } from './invalidate.ts';

/**
 * POST /api/v1/customers/:id/loans → 201 envelope with the PENDING loan. 409 when the customer already
 * has a loan in progress; 403 when an agent sends requestDate or loanFromPast.
 */
export const createLoan = ({ customerId, body }: { customerId: string; body: LoanCreate }) =>
  apiData.post(apiPaths.customerLoans(customerId), loan.parse, body);

export const useCreateLoan = () =>
  useApiMutation(['loans', 'create'], createLoan, { invalidates: loanChangeKeys() });
