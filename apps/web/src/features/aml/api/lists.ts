import { amlList, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { amlKeys } from './keys.ts';

/** GET /api/v1/aml/lists (admin): the imports, newest first. */
export const useAmlLists = () =>
  useQuery(apiQuery({ read: z.array(amlList).parse, queryKey: amlKeys.lists(), path: apiPaths.amlLists }));

/** POST /api/v1/aml/lists (admin): multipart `name` and `file`; 201 with the import and its matches. */
export function importList({ name, file }: { name: string; file: File }) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, file.name);
  return apiData.post(apiPaths.amlLists, amlList.parse, form);
}

export const useImportList = () =>
  useApiMutation(['aml', 'import'], importList, { invalidates: [amlKeys.all], awaitReload: true });
