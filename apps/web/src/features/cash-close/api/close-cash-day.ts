import { type CashCountClose, cashCount } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { CHANGED_BY_DECISIONS } from './keys.ts';

/**
 * POST /api/v1/cash-close/close: confirms the day's pending cash into the account and records the
 * count, once per agent and day (a second close is a 409).
 */
export const closeCashDay = (body: CashCountClose) =>
  apiData.post(apiPaths.cashCloseClose, cashCount.parse, body);

export const useCloseCashDay = () =>
  useApiMutation(['cash-close', 'close'], closeCashDay, {
    // Closed or refused (closed meanwhile by someone else), the day and the history are reloaded.
    invalidates: CHANGED_BY_DECISIONS,
    reloadAfterError: true,
    awaitReload: true,
  });
