import { loanContract } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { contractsKeys } from './keys.ts';

/** GET /api/v1/loans/:id/contract → the cover page's figures and both filled texts. */
export const useLoanContract = (loanId: string) =>
  useQuery(
    apiQuery({
      read: loanContract.parse,
      queryKey: contractsKeys.loanContract(loanId),
      path: apiPaths.loanContract(loanId),
      staleTime: 0,
    }),
  );

/** GET /api/v1/loans/:id/contract.pdf, saved under the server's name. */
export async function downloadContractPdf(loanId: string, num: number): Promise<void> {
  const file = await apiDownload(apiPaths.loanContractPdf(loanId), undefined, { accept: 'application/pdf' });
  saveBlob(file.blob, file.filename ?? `contrato-prestamo-${num}.pdf`);
}
