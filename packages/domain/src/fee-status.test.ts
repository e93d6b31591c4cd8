import { describe, expect, it } from 'vitest';
import {
  ACCRUED_FEE_STATUS,
  FEE_STATUSES,
  type FeeAction,
  feeActionSources,
  feeTransition,
  isFeeStatus,
  isOwedFeeStatus,
  isPayableFeeStatus,
  OWED_FEE_STATUSES,
  PAYABLE_FEE_STATUSES,
  TAKEN_FEE_STATUSES,
} from './fee-status.ts';

/** Every `from→to` the action accepts, and the refusal of every other status. */
const table = (action: FeeAction) =>
  Object.fromEntries(
    FEE_STATUSES.map((from) => {
      const next = feeTransition(from, action);
      return [from, next.ok ? next.to : next.refusal];
    }),
  );

describe('feeTransition (pure)', () => {
  it('takes a PENDING fee into validation; a taken one is the repeated submit', () => {
    expect(table({ kind: 'take' })).toEqual({
      PENDING: 'VALIDATING',
      ACTIVE: 'payment.not_payable',
      PAID: 'payment.already_taken',
      DELAYED: 'payment.not_payable',
      CANCELLED: 'payment.not_payable',
      VALIDATING: 'payment.already_taken',
      RESTRUCTURED: 'payment.not_payable',
    });
  });

  it("follows its payment's decision from VALIDATING: PAID when confirmed, PENDING again when rejected", () => {
    expect(feeTransition('VALIDATING', { kind: 'confirm' })).toEqual({ ok: true, to: 'PAID' });
    expect(feeTransition('VALIDATING', { kind: 'reject' })).toEqual({ ok: true, to: 'PENDING' });
    for (const kind of ['confirm', 'reject'] as const) {
      expect(feeActionSources({ kind })).toEqual(['VALIDATING']);
    }
    expect(feeTransition('PENDING', { kind: 'confirm' })).toEqual({
      ok: false,
      refusal: 'payment.only_validating_decides',
    });
  });

  it('forgives only a PENDING fee', () => {
    expect(table({ kind: 'cancel' })).toEqual({
      PENDING: 'CANCELLED',
      ACTIVE: 'fee.only_pending_cancels',
      PAID: 'fee.only_pending_cancels',
      DELAYED: 'fee.only_pending_cancels',
      CANCELLED: 'fee.only_pending_cancels',
      VALIDATING: 'fee.only_pending_cancels',
      RESTRUCTURED: 'fee.only_pending_cancels',
    });
  });

  it('includes only a PENDING fee in a restructuring (one in validation waits)', () => {
    expect(table({ kind: 'include' })).toEqual({
      PENDING: 'RESTRUCTURED',
      ACTIVE: 'fee.only_pending_cancels',
      PAID: 'fee.only_pending_cancels',
      DELAYED: 'fee.only_pending_cancels',
      CANCELLED: 'fee.only_pending_cancels',
      VALIDATING: 'restructure.payment_validating',
      RESTRUCTURED: 'fee.only_pending_cancels',
    });
  });
});

describe('fee status groups', () => {
  it('are the statuses the rules speak of', () => {
    expect(FEE_STATUSES).toEqual([
      'PENDING',
      'ACTIVE',
      'PAID',
      'DELAYED',
      'CANCELLED',
      'VALIDATING',
      'RESTRUCTURED',
    ]);
    expect(ACCRUED_FEE_STATUS).toBe('PENDING');
    expect([...PAYABLE_FEE_STATUSES]).toEqual(['PENDING']);
    expect([...OWED_FEE_STATUSES]).toEqual(['PENDING', 'VALIDATING']);
    expect([...TAKEN_FEE_STATUSES]).toEqual(['PAID', 'VALIDATING']);
    expect(feeActionSources({ kind: 'take' })).toEqual([...PAYABLE_FEE_STATUSES]);
  });

  it('answers membership for any text', () => {
    expect(isFeeStatus('VALIDATING')).toBe(true);
    expect(isFeeStatus('REJECTED')).toBe(false);
    expect(isPayableFeeStatus('PENDING')).toBe(true);
    expect(isPayableFeeStatus('VALIDATING')).toBe(false);
    expect(isOwedFeeStatus('VALIDATING')).toBe(true);
    expect(isOwedFeeStatus('CANCELLED')).toBe(false);
  });
});
