import { describe, expect, it } from 'vitest';
import {
  BALANCED_STATUSES,
  COMPUTED_STATUSES,
  editableStatuses,
  IN_PROGRESS_STATUSES,
  isLoanStatus,
  isPayableLoanStatus,
  LOAN_STATUSES,
  type LoanStatus,
  OPEN_STATUSES,
  PAYABLE_LOAN_STATUSES,
  transition,
  UNDELIVERED_STATUSES,
} from './loan-status.ts';

const edit = (from: LoanStatus, to: LoanStatus, loanFromPast: boolean) =>
  transition(from, { kind: 'edit', to, loanFromPast });

describe('transition: manual edit (pure)', () => {
  it('accepts only the same status and cancelling a loan not yet delivered', () => {
    const accepted: string[] = [];
    for (const from of LOAN_STATUSES) {
      for (const to of LOAN_STATUSES) {
        if (edit(from, to, false).ok) accepted.push(`${from}→${to}`);
      }
    }
    expect(accepted.sort()).toEqual(
      [...LOAN_STATUSES.map((s) => `${s}→${s}`), 'PENDING→CANCELLED', 'APPROVED→CANCELLED'].sort(),
    );
  });

  it('releases the reservation only when cancelling an APPROVED loan that moved money', () => {
    expect(edit('APPROVED', 'CANCELLED', false)).toEqual({
      ok: true,
      to: 'CANCELLED',
      releasesReservation: true,
    });
    expect(edit('APPROVED', 'CANCELLED', true)).toEqual({
      ok: true,
      to: 'CANCELLED',
      releasesReservation: false,
    });
    expect(edit('PENDING', 'CANCELLED', false)).toEqual({
      ok: true,
      to: 'CANCELLED',
      releasesReservation: false,
    });
    expect(edit('ACTIVE', 'ACTIVE', false)).toEqual({ ok: true, to: 'ACTIVE', releasesReservation: false });
  });

  it('points to the right action for every refused transition', () => {
    const refusal = (from: LoanStatus, to: LoanStatus) => {
      const result = edit(from, to, false);
      return result.ok ? undefined : result.refusal;
    };
    expect(refusal('PENDING', 'APPROVED')).toBe('loan.use_approve');
    expect(refusal('PENDING', 'ACTIVE')).toBe('loan.approve_then_deliver');
    expect(refusal('APPROVED', 'ACTIVE')).toBe('loan.use_deliver');
    expect(refusal('APPROVED', 'PENDING')).toBe('loan.approved_cannot_go_back');
    for (const to of ['PAID', 'DELAYED'] as const) {
      expect(refusal('PENDING', to)).toBe('loan.computed_only_after_delivery');
      expect(refusal('APPROVED', to)).toBe('loan.computed_only_after_delivery');
    }
    for (const from of ['ACTIVE', 'DELAYED', 'PAID'] as const) {
      expect(refusal(from, 'CANCELLED')).toBe('loan.delivered_not_cancellable');
      for (const to of ['PENDING', 'APPROVED', 'ACTIVE', 'DELAYED', 'PAID'] as const) {
        if (to !== from) expect(refusal(from, to)).toBe('loan.status_computed');
      }
    }
    for (const to of LOAN_STATUSES) {
      if (to !== 'CANCELLED') expect(refusal('CANCELLED', to)).toBe('loan.cancelled_is_final');
    }
  });
});

describe('transition: the actions', () => {
  it('approves only a PENDING loan and delivers only an APPROVED one', () => {
    for (const from of LOAN_STATUSES) {
      expect(transition(from, { kind: 'approve' })).toEqual(
        from === 'PENDING'
          ? { ok: true, to: 'APPROVED', releasesReservation: false }
          : { ok: false, refusal: 'loan.approve_only_pending' },
      );
      expect(transition(from, { kind: 'deliver' })).toEqual(
        from === 'APPROVED'
          ? { ok: true, to: 'ACTIVE', releasesReservation: false }
          : { ok: false, refusal: 'loan.deliver_only_approved' },
      );
    }
  });

  it('cancels a loan not yet delivered, like editing its status to CANCELLED', () => {
    for (const from of LOAN_STATUSES) {
      for (const loanFromPast of [false, true]) {
        if (from === 'CANCELLED') continue;
        expect(transition(from, { kind: 'cancel', loanFromPast })).toEqual(
          edit(from, 'CANCELLED', loanFromPast),
        );
      }
    }
    expect(transition('CANCELLED', { kind: 'cancel', loanFromPast: false })).toEqual({
      ok: false,
      refusal: 'loan.cancelled_is_final',
    });
  });
});

describe('transition: recompute (pure)', () => {
  it('moves a delivered loan to its standing, whatever it was; never one not delivered', () => {
    for (const from of COMPUTED_STATUSES) {
      for (const standing of COMPUTED_STATUSES) {
        expect(transition(from, { kind: 'recompute', standing })).toEqual({
          ok: true,
          to: standing,
          releasesReservation: false,
        });
      }
    }
    for (const from of ['PENDING', 'APPROVED', 'CANCELLED'] as const) {
      expect(transition(from, { kind: 'recompute', standing: 'ACTIVE' })).toEqual({
        ok: false,
        refusal: 'loan.standing_only_delivered',
      });
    }
  });
});

describe('transition: restructure (pure)', () => {
  it('restructures only an open loan, which keeps its status until recomputed', () => {
    for (const from of OPEN_STATUSES) {
      expect(transition(from, { kind: 'restructure' })).toEqual({
        ok: true,
        to: from,
        releasesReservation: false,
      });
    }
    for (const from of ['PENDING', 'APPROVED', 'PAID', 'CANCELLED'] as const) {
      expect(transition(from, { kind: 'restructure' })).toEqual({
        ok: false,
        refusal: 'loan.restructure_only_open',
      });
    }
  });
});

describe('status groups', () => {
  it('in progress = undelivered + open, computed = open + PAID', () => {
    expect([...OPEN_STATUSES]).toEqual(['ACTIVE', 'DELAYED']);
    expect([...IN_PROGRESS_STATUSES].sort()).toEqual(['ACTIVE', 'APPROVED', 'DELAYED', 'PENDING']);
    expect([...COMPUTED_STATUSES].sort()).toEqual(['ACTIVE', 'DELAYED', 'PAID']);
    expect([...UNDELIVERED_STATUSES]).toEqual(['PENDING', 'APPROVED']);
  });

  it('tells a loan status from any other text', () => {
    expect(LOAN_STATUSES.every(isLoanStatus)).toBe(true);
    expect(isLoanStatus('VALIDATING')).toBe(false);
  });
});

describe('editableStatuses', () => {
  it('offers the current status first, then exactly the edits transition accepts', () => {
    for (const from of LOAN_STATUSES) {
      for (const loanFromPast of [false, true]) {
        const offered = editableStatuses(from, loanFromPast);
        expect(offered[0]).toBe(from);
        const accepted = LOAN_STATUSES.filter((to) => edit(from, to, loanFromPast).ok);
        expect([...offered].sort()).toEqual([...accepted].sort());
      }
    }
    expect(editableStatuses('ACTIVE', false)).toEqual(['ACTIVE']);
    expect(editableStatuses('APPROVED', false)).toEqual(['APPROVED', 'CANCELLED']);
  });
});

describe('transition: write-off (Castigar)', () => {
  it('moves only a DELAYED loan to WRITTEN_OFF', () => {
    for (const from of LOAN_STATUSES) {
      const move = transition(from, { kind: 'writeOff' });
      if (from === 'DELAYED')
        expect(move).toEqual({ ok: true, to: 'WRITTEN_OFF', releasesReservation: false });
      else expect(move).toEqual({ ok: false, refusal: 'loan.write_off_only_delayed' });
    }
  });

  it('keeps a written-off loan written off: recomputed, edited or cancelled', () => {
    for (const standing of COMPUTED_STATUSES) {
      expect(transition('WRITTEN_OFF', { kind: 'recompute', standing })).toEqual({
        ok: true,
        to: 'WRITTEN_OFF',
        releasesReservation: false,
      });
    }
    for (const to of LOAN_STATUSES.filter((s) => s !== 'WRITTEN_OFF')) {
      expect(edit('WRITTEN_OFF', to, false)).toEqual({ ok: false, refusal: 'loan.written_off_is_final' });
    }
    expect(transition('WRITTEN_OFF', { kind: 'cancel', loanFromPast: false })).toEqual({
      ok: false,
      refusal: 'loan.written_off_is_final',
    });
  });

  it('never reaches WRITTEN_OFF by a typed status: the refusal names Castigar', () => {
    for (const from of ['PENDING', 'APPROVED', 'ACTIVE', 'DELAYED', 'PAID'] as const) {
      expect(edit(from, 'WRITTEN_OFF', false)).toEqual({ ok: false, refusal: 'loan.use_write_off' });
    }
  });

  it('is payable (a recovery) and balanced, but neither open nor in progress', () => {
    expect([...PAYABLE_LOAN_STATUSES].sort()).toEqual(['ACTIVE', 'DELAYED', 'WRITTEN_OFF']);
    expect([...BALANCED_STATUSES].sort()).toEqual(['ACTIVE', 'DELAYED', 'PAID', 'WRITTEN_OFF']);
    expect(isPayableLoanStatus('WRITTEN_OFF')).toBe(true);
    expect(isPayableLoanStatus('PAID')).toBe(false);
    expect(OPEN_STATUSES as readonly string[]).not.toContain('WRITTEN_OFF');
    expect(IN_PROGRESS_STATUSES as readonly string[]).not.toContain('WRITTEN_OFF');
  });
});
