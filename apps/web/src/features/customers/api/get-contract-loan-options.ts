import { LOAN_STATUS_LABELS, loan, paged } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

/**
 * The customer's loans a signed contract may belong to (newest first, the latest 20), as options of
 * the upload form; asked for only once 'Contrato firmado' is chosen.
 */
export const useContractLoanOptions = (customerId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...customersKeys.detail(customerId), 'contract-loans'],
    enabled,
    queryFn: async () => {
      const page = await api.get(apiPaths.customerLoans(customerId), paged(loan).parse, {
        page: 1,
        size: 20,
      });
      return page.data
        .filter((item) => item.status !== 'CANCELLED')
        .map((item) => ({
          value: item.id,
          label: `No. ${item.num} · ${formatMoney(item.amount)} · ${LOAN_STATUS_LABELS[item.status]}`,
        }));
    },
  });
