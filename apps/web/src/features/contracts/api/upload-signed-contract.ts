import { customerDocument } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { contractsKeys } from './keys.ts';

export interface SignedContractUpload {
  customerId: string;
  loanId: string;
  file: File;
}

/** POST /api/v1/customers/:id/documents as 'Contrato firmado' tied to the loan. */
function uploadSignedContract({ customerId, loanId, file }: SignedContractUpload) {
  const form = new FormData();
  form.append('type', 'SIGNED_CONTRACT');
  form.append('loanId', loanId);
  form.append('file', file, file.name);
  return apiData.post(apiPaths.customerDocuments(customerId), customerDocument.parse, form);
}

export const useUploadSignedContract = () =>
  useApiMutation(['contracts', 'signed', 'upload'], uploadSignedContract, {
    // The loan's documents say it is uploaded; the customer's 'Documentos' list it.
    invalidates: ({ loanId }) => [contractsKeys.loanContract(loanId), queryRoots.customers],
    awaitReload: true,
  });
