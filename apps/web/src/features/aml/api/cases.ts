import { type AmlCaseOpen, amlCase, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { amlKeys } from './keys.ts';

/** GET /api/v1/aml/cases (admin): newest first. */
export const useAmlCases = () =>
  useQuery(apiQuery({ read: z.array(amlCase).parse, queryKey: amlKeys.cases(), path: apiPaths.amlCases }));

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
