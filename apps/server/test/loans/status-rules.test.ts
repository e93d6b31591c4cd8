import { LOAN_STATUSES, type LoanStatus } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import { manualStatusChange, STATUS_CHANGE_MESSAGES } from '../../src/modules/loans/status-rules.ts';

describe('manualStatusChange (pure)', () => {
  it('accepts only the same status and cancelling a loan not yet delivered', () => {
    const accepted: string[] = [];
    for (const from of LOAN_STATUSES) {
      for (const to of LOAN_STATUSES) {
        if (manualStatusChange(from, to, false).ok) accepted.push(`${from}→${to}`);
      }
    }
    expect(accepted.sort()).toEqual(
      [...LOAN_STATUSES.map((s) => `${s}→${s}`), 'PENDING→CANCELLED', 'APPROVED→CANCELLED'].sort(),
    );
  });

  it('releases the reservation only when cancelling an APPROVED loan that moved money', () => {
    expect(manualStatusChange('APPROVED', 'CANCELLED', false)).toEqual({
      ok: true,
      change: 'cancel',
      releasesReservation: true,
    });
    expect(manualStatusChange('APPROVED', 'CANCELLED', true)).toEqual({
      ok: true,
      change: 'cancel',
      releasesReservation: false,
    });
    expect(manualStatusChange('PENDING', 'CANCELLED', false)).toEqual({
      ok: true,
      change: 'cancel',
      releasesReservation: false,
    });
    expect(manualStatusChange('ACTIVE', 'ACTIVE', false)).toEqual({ ok: true, change: 'none' });
  });

  it('points to the right action for every refused transition', () => {
    const refusal = (from: LoanStatus, to: LoanStatus) => {
      const result = manualStatusChange(from, to, false);
      return result.ok ? undefined : result.message;
    };
    expect(refusal('PENDING', 'APPROVED')).toBe(STATUS_CHANGE_MESSAGES.useApprove);
    expect(refusal('PENDING', 'ACTIVE')).toBe(STATUS_CHANGE_MESSAGES.approveThenDeliver);
    expect(refusal('APPROVED', 'ACTIVE')).toBe(STATUS_CHANGE_MESSAGES.useDeliver);
    expect(refusal('APPROVED', 'PENDING')).toBe(STATUS_CHANGE_MESSAGES.approvedCannotGoBack);
    for (const to of ['PAID', 'DELAYED'] as const) {
      expect(refusal('PENDING', to)).toBe(STATUS_CHANGE_MESSAGES.computedByServer);
      expect(refusal('APPROVED', to)).toBe(STATUS_CHANGE_MESSAGES.computedByServer);
    }
    for (const from of ['ACTIVE', 'DELAYED', 'PAID'] as const) {
      expect(refusal(from, 'CANCELLED')).toBe(STATUS_CHANGE_MESSAGES.deliveredCannotBeCancelled);
      for (const to of ['PENDING', 'APPROVED', 'ACTIVE', 'DELAYED', 'PAID'] as const) {
        if (to !== from) expect(refusal(from, to)).toBe(STATUS_CHANGE_MESSAGES.computedByServer);
      }
    }
    for (const to of LOAN_STATUSES) {
      if (to !== 'CANCELLED') expect(refusal('CANCELLED', to)).toBe(STATUS_CHANGE_MESSAGES.cancelledIsFinal);
    }
  });
});
