import { cashClose } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { cashCloseKeys } from './keys.ts';

export interface CashCloseDay {
  /** An administrator names the agent; an agent reads their own day without it. */
  agentId?: string;
  /** 'YYYY-MM-DD'; absent: today's business date, as the server decides it. */
  date?: string;
}

/** GET /api/v1/cash-close?agentId&date: the agent's payments of the day by time and its totals. */
export const cashCloseQueryOptions = ({ agentId, date }: CashCloseDay) =>
  apiQuery({
    read: cashClose.parse,
    queryKey: cashCloseKeys.day(agentId, date),
    path: apiPaths.cashClose,
    query: { agentId, date },
    // The figures an administrator confirms: always as the server has them now.
    staleTime: 0,
  });

export const useCashClose = (day: CashCloseDay, { enabled = true } = {}) =>
  useQuery({ ...cashCloseQueryOptions(day), enabled });
