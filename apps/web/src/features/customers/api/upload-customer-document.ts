import { type CustomerDocumentType, customerDocument } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

export interface UploadDocumentInput {
  customerId: string;
  type: CustomerDocumentType;
  description: string;
  /** The proof of address's date ('YYYY-MM-DD'); sent only for that type. */
  documentDate?: string;
  file: File;
  /** The loan of a signed contract ('Contrato firmado'). */
  loanId?: string;
}

/** The multipart body: fields `type`, `description` and `documentDate` or `loanId` (when given), and the part `file`. */
export function documentFormData({
  type,
  description,
  documentDate,
  file,
  loanId,
}: Omit<UploadDocumentInput, 'customerId'>) {
  const form = new FormData();
  form.append('type', type);
  if (loanId) form.append('loanId', loanId);
  if (description.trim()) form.append('description', description.trim());
  if (type === 'PROOF_OF_ADDRESS' && documentDate) form.append('documentDate', documentDate);
  form.append('file', file, file.name);
  return form;
}

/** POST /api/v1/customers/:id/documents → 201 with the stored document (typed by its content). */
export const uploadCustomerDocument = ({ customerId, ...input }: UploadDocumentInput) =>
  apiData.post(apiPaths.customerDocuments(customerId), customerDocument.parse, documentFormData(input));

export const useUploadCustomerDocument = () =>
  useApiMutation(['customers', 'documents', 'upload'], uploadCustomerDocument, {
    invalidates: ({ customerId }) => [customersKeys.documents(customerId)],
    awaitReload: true,
  });
