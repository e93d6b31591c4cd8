import { reconcileResult, statementView } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { reconciliationKeys } from './keys.ts';

/** GET /reconciliation/statements/{id} (admin): lines, matches and what is left on both sides. */
export const useStatement = (id: string | null) =>
  useQuery({
    ...apiQuery({
      read: statementView.parse,
      queryKey: reconciliationKeys.statement(id ?? ''),
      path: apiPaths.statement(id ?? ''),
      staleTime: 0,
    }),
    enabled: id !== null,
  });

/** POST …/accounts/{id}/statements (admin): multipart `file`; 201 with the statement matched. */
export const useUploadStatement = () =>
  useApiMutation(
    ['reconciliation', 'upload'],
    ({ accountId, file }: { accountId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiData.post(apiPaths.statementUpload(accountId), statementView.parse, form);
    },
    { cacheReplyAt: (view) => reconciliationKeys.statement(view.id) },
  );

/** POST /reconciliation/statements/{id}/confirm (admin): the chosen pairs confirmed into the account. */
export const useConfirmStatement = () =>
  useApiMutation(
    ['reconciliation', 'confirm'],
    ({ statementId, pairs }: { statementId: string; pairs: { lineId: string; paymentId: string }[] }) =>
      apiData.post(apiPaths.statementConfirm(statementId), reconcileResult.parse, { pairs }),
    {
      invalidates: ({ statementId }) => [
        reconciliationKeys.statement(statementId),
        queryRoots.payments,
        queryRoots.bankAccounts,
        queryRoots.loans,
        queryRoots.reports,
      ],
      awaitReload: true,
    },
  );
