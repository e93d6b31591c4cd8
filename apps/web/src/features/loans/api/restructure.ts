import {
  type RestructurePreviewQuery,
  type RestructureRequest,
  restructurePreview,
  restructureRequest,
  restructureResult,
} from '@prestaya/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { loanChangeKeys } from './invalidate.ts';
import { loansKeys } from './keys.ts';

/**
 * GET /api/v1/loans/:id/restructure-preview?fines&weeks (admin): the plan the server would write,
 * nothing written. The dialog shows it as the new schedule before 'Reestructurar'.
 */
export const restructurePreviewQueryOptions = (loanId: string, choice: RestructurePreviewQuery) =>
  apiQuery({
    read: restructurePreview.parse,
    queryKey: [...loansKeys.detail(loanId), 'restructure-preview', choice.fines, choice.weeks],
    path: `${apiPaths.loan(loanId)}/restructure-preview`,
    query: { fines: choice.fines, weeks: Number(choice.weeks) },
    staleTime: 0,
  });

export const useRestructurePreview = (loanId: string, choice: RestructurePreviewQuery, enabled: boolean) =>
  useQuery({
    ...restructurePreviewQueryOptions(loanId, choice),
    enabled,
    retry: false,
    // While the weeks change, the last plan stays on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });

/** POST /api/v1/loans/:id/restructure with `{fines, weeks, reason}` (admin). */
export const restructureLoan = ({ loanId, ...body }: RestructureRequest & { loanId: string }) =>
  apiData.post(
    `${apiPaths.loan(loanId)}/restructure`,
    restructureResult.parse,
    restructureRequest.parse(body),
  );

export const useRestructureLoan = () =>
  useApiMutation(['loans', 'restructure'], restructureLoan, {
    // Lists, schedule, fines and balances; Cobranza's cards and the Dashboard's portfolio show the mark.
    invalidates: [...loanChangeKeys(), queryRoots.collections, queryRoots.reports],
    awaitReload: true,
  });
