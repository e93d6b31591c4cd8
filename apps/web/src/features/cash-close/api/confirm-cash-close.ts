import { type CashCloseConfirm, cashCloseConfirmed } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { CHANGED_BY_DECISIONS } from './keys.ts';

/**
 * POST /api/v1/cash-close/confirm: the day's VALIDATING cash into one account, in one transaction;
 * `confirmed: 0` when there was nothing left to confirm.
 */
export const confirmCashClose = (body: CashCloseConfirm) =>
  apiData.post(apiPaths.cashCloseConfirm, cashCloseConfirmed.parse, body);

export const useConfirmCashClose = () =>
  useApiMutation(['cash-close', 'confirm'], confirmCashClose, {
    // Confirmed or refused, the day is reloaded: someone may have decided a payment meanwhile.
    invalidates: CHANGED_BY_DECISIONS,
    reloadAfterError: true,
    awaitReload: true,
  });
