import { describe, expect, it } from 'vitest';
import {
  INSTALLMENT_STATUSES,
  type InstallmentAction,
  installmentActionSources,
  installmentTransition,
  isInstallmentStatus,
  isOwedInstallmentStatus,
  isPayableInstallmentStatus,
  OWED_INSTALLMENT_STATUSES,
  PAYABLE_INSTALLMENT_STATUSES,
  TAKEN_INSTALLMENT_STATUSES,
} from './installment-status.ts';

/** Every `from→to` the action accepts, and the refusal of every other status. */
const table = (action: InstallmentAction) =>
  Object.fromEntries(
    INSTALLMENT_STATUSES.map((from) => {
      const next = installmentTransition(from, action);
      return [from, next.ok ? next.to : next.refusal];
    }),
  );

describe('installmentTransition (pure)', () => {
  it('takes a payable installment into validation; a taken one is the repeated submit', () => {
    expect(table({ kind: 'take' })).toEqual({
      PENDING: 'VALIDATING',
      DELAYED: 'VALIDATING',
      PAID: 'payment.already_taken',
      VALIDATING: 'payment.already_taken',
      REJECTED: 'payment.not_payable',
      CANCELLED: 'payment.not_payable',
      RESTRUCTURED: 'payment.not_payable',
    });
  });

  it('confirms only an installment in validation, into PAID', () => {
    expect(installmentTransition('VALIDATING', { kind: 'confirm' })).toEqual({ ok: true, to: 'PAID' });
    for (const from of INSTALLMENT_STATUSES.filter((s) => s !== 'VALIDATING')) {
      expect(installmentTransition(from, { kind: 'confirm' })).toEqual({
        ok: false,
        refusal: 'payment.only_validating_decides',
      });
    }
  });

  it('returns a rejected installment to DELAYED when past due, else PENDING', () => {
    expect(installmentTransition('VALIDATING', { kind: 'reject', overdue: true })).toEqual({
      ok: true,
      to: 'DELAYED',
    });
    expect(installmentTransition('VALIDATING', { kind: 'reject', overdue: false })).toEqual({
      ok: true,
      to: 'PENDING',
    });
    expect(installmentTransition('PAID', { kind: 'reject', overdue: true })).toEqual({
      ok: false,
      refusal: 'payment.only_validating_decides',
    });
  });

  it('lets only a PENDING installment fall due (one in validation waits for its payment)', () => {
    expect(table({ kind: 'fallDue' })).toEqual({
      PENDING: 'DELAYED',
      DELAYED: 'installment.only_pending_falls_due',
      PAID: 'installment.only_pending_falls_due',
      VALIDATING: 'installment.only_pending_falls_due',
      REJECTED: 'installment.only_pending_falls_due',
      CANCELLED: 'installment.only_pending_falls_due',
      RESTRUCTURED: 'installment.only_pending_falls_due',
    });
  });

  it('closes only a payable installment in a restructuring (one in validation waits)', () => {
    expect(table({ kind: 'restructure' })).toEqual({
      PENDING: 'RESTRUCTURED',
      DELAYED: 'RESTRUCTURED',
      PAID: 'restructure.installment_closed',
      VALIDATING: 'restructure.payment_validating',
      REJECTED: 'restructure.installment_closed',
      CANCELLED: 'restructure.installment_closed',
      RESTRUCTURED: 'restructure.installment_closed',
    });
  });

  it('names the statuses each action moves from', () => {
    expect(installmentActionSources({ kind: 'take' })).toEqual([...PAYABLE_INSTALLMENT_STATUSES]);
    expect(installmentActionSources({ kind: 'confirm' })).toEqual(['VALIDATING']);
    expect(installmentActionSources({ kind: 'reject', overdue: false })).toEqual(['VALIDATING']);
    expect(installmentActionSources({ kind: 'fallDue' })).toEqual(['PENDING']);
  });
});

describe('installment status groups', () => {
  it('are the statuses the rules speak of', () => {
    expect(INSTALLMENT_STATUSES).toEqual([
      'PENDING',
      'DELAYED',
      'PAID',
      'VALIDATING',
      'REJECTED',
      'CANCELLED',
      'RESTRUCTURED',
    ]);
    expect([...PAYABLE_INSTALLMENT_STATUSES]).toEqual(['PENDING', 'DELAYED']);
    expect([...OWED_INSTALLMENT_STATUSES]).toEqual(['PENDING', 'DELAYED', 'VALIDATING']);
    expect([...TAKEN_INSTALLMENT_STATUSES]).toEqual(['PAID', 'VALIDATING']);
  });

  it('answers membership for any text', () => {
    expect(isInstallmentStatus('VALIDATING')).toBe(true);
    expect(isInstallmentStatus('ACTIVE')).toBe(false);
    expect(isPayableInstallmentStatus('DELAYED')).toBe(true);
    expect(isPayableInstallmentStatus('VALIDATING')).toBe(false);
    expect(isOwedInstallmentStatus('VALIDATING')).toBe(true);
    expect(isOwedInstallmentStatus('PAID')).toBe(false);
    expect(isOwedInstallmentStatus('RESTRUCTURED')).toBe(false);
    expect(isPayableInstallmentStatus('RESTRUCTURED')).toBe(false);
  });
});
