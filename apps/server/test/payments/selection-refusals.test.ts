import type { PaymentSelectionRefusal } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import { refuse } from '../../src/http/refusals.ts';

describe('payment selection refusals over HTTP', () => {
  it('answers each rule of checkPaymentSelection with its status', () => {
    const statuses: [PaymentSelectionRefusal, number][] = [
      ['payment.no_items', 400],
      ['payment.file_only_with_transfer', 400],
      ['payment.loan_not_payable', 409],
      ['payment.unknown_item', 400],
      ['payment.already_taken', 409],
      ['payment.not_payable', 409],
      ['payment.all_pending_fees', 400],
      ['payment.oldest_first', 400],
    ];
    for (const [refusal, status] of statuses)
      expect([refuse(refusal).status, refusal]).toEqual([status, refusal]);
  });
});
