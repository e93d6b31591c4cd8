import { customerDocument, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { customersKeys } from './keys.ts';

const readCustomerDocumentList = z.array(customerDocument).parse;

/**
 * The signed links of the list last 10 minutes: reloaded every 5 while the tab is open, so a link
 * taken from the screen always opens.
 */
export const DOCUMENT_LINKS_REFRESH_MS = 5 * 60 * 1000;

/** GET /api/v1/customers/:id/documents: newest first, each with a signed link; 404 when not visible. */
export const customerDocumentsQueryOptions = (customerId: string) =>
  apiQuery({
    read: readCustomerDocumentList,
    queryKey: customersKeys.documents(customerId),
    path: apiPaths.customerDocuments(customerId),
    staleTime: 0,
    refetchInterval: DOCUMENT_LINKS_REFRESH_MS,
  });

export const useCustomerDocuments = (customerId: string) =>
  useQuery(customerDocumentsQueryOptions(customerId));
