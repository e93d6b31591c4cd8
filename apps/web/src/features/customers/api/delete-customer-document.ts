import { api } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { customersKeys } from './keys.ts';

interface DeleteDocumentInput {
  customerId: string;
  documentId: string;
}

/** DELETE /api/v1/customers/:id/documents/:documentId (administrators) → 200. */
export async function deleteCustomerDocument({ customerId, documentId }: DeleteDocumentInput) {
  await api.delete(apiPaths.customerDocument(customerId, documentId));
}

export const useDeleteCustomerDocument = () =>
  useApiMutation(['customers', 'documents', 'delete'], deleteCustomerDocument, {
    invalidates: ({ customerId }) => [customersKeys.documents(customerId)],
    // A 404 means someone else deleted it meanwhile: the list reloads either way.
    reloadAfterError: true,
  });
