import { type StatementMappingInput, statementMappingView } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { reconciliationKeys } from './keys.ts';

const readMapping = statementMappingView.nullable().parse;

/** GET …/accounts/{id}/mapping (admin): the account's statement columns, null until saved. */
export const useStatementMapping = (accountId: string | null) =>
  useQuery({
    ...apiQuery({
      read: readMapping,
      queryKey: reconciliationKeys.mapping(accountId ?? ''),
      path: apiPaths.statementMapping(accountId ?? ''),
    }),
    enabled: accountId !== null,
  });

/** PUT …/accounts/{id}/mapping (admin). */
export const useSaveStatementMapping = () =>
  useApiMutation(
    ['reconciliation', 'mapping'],
    ({ accountId, mapping }: { accountId: string; mapping: StatementMappingInput }) =>
      apiData.put(apiPaths.statementMapping(accountId), readMapping, mapping),
    { invalidates: ({ accountId }) => [reconciliationKeys.mapping(accountId)], awaitReload: true },
  );
