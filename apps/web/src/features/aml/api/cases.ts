import { type AmlCaseOpen, amlCase, paged } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { keepPageWhileLoading, type PageWindow } from '../../../components/PagedCards.tsx';
import { api, apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { amlKeys } from './keys.ts';

const readPage = paged(amlCase).parse;

/**
 * GET /api/v1/aml/cases?page&size (admin): a page of 'Casos', newest first (a paged list, not an
 * envelope). The page shown stays on screen while the next one loads.
 */
export const useAmlCases = ({ page, size }: PageWindow) => {
  const queryKey = amlKeys.casePage({ page, size });
  return useQuery({
    queryKey,
    queryFn: () => api.get(apiPaths.amlCases, readPage, { page, size }),
    placeholderData: keepPageWhileLoading(queryKey),
  });
};

/** POST /api/v1/aml/cases (admin): on a customer (number) or a payment. */
export const openCase = (input: AmlCaseOpen) => apiData.post(apiPaths.amlCases, amlCase.parse, input);

export const useOpenCase = () =>
  useApiMutation(['aml', 'case', 'open'], openCase, { invalidates: [amlKeys.cases()] });

/** PUT /api/v1/aml/cases/:id/close (admin). */
export const closeCase = ({ id, conclusion }: { id: string; conclusion: string }) =>
  apiData.put(apiPaths.amlCaseClose(id), amlCase.parse, { conclusion });

export const useCloseCase = () =>
  useApiMutation(['aml', 'case', 'close'], closeCase, {
    invalidates: [amlKeys.cases()],
    reloadAfterError: true,
  });
