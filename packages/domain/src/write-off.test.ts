import { describe, expect, it } from 'vitest';
import { LOAN_STATUSES } from './loan-status.ts';
import { checkWriteOff, DEFAULT_WRITE_OFF_MIN_DAYS, type WriteOffFacts } from './write-off.ts';

const TODAY = '2026-06-30';
const facts = (over: Partial<WriteOffFacts> = {}): WriteOffFacts => ({
  status: 'DELAYED',
  oldestUnpaidDueDate: '2026-04-01', // 90 days before TODAY
  paymentsInValidation: 0,
  today: TODAY,
  minDaysPastDue: DEFAULT_WRITE_OFF_MIN_DAYS,
  ...over,
});

describe('checkWriteOff (Castigo)', () => {
  it('defaults to 90 days', () => {
    expect(DEFAULT_WRITE_OFF_MIN_DAYS).toBe(90);
  });

  it('allows a DELAYED loan exactly N days past due, not N − 1', () => {
    expect(checkWriteOff(facts())).toEqual({ ok: true, daysPastDue: 90 });
    expect(checkWriteOff(facts({ oldestUnpaidDueDate: '2026-04-02' }))).toEqual({
      ok: false,
      refusal: 'write_off.not_overdue_enough',
      daysPastDue: 89,
    });
  });

  it('follows the setting', () => {
    expect(checkWriteOff(facts({ minDaysPastDue: 30, oldestUnpaidDueDate: '2026-05-31' })).ok).toBe(true);
    expect(checkWriteOff(facts({ minDaysPastDue: 30, oldestUnpaidDueDate: '2026-06-01' })).ok).toBe(false);
    expect(checkWriteOff(facts({ minDaysPastDue: 120 })).ok).toBe(false);
  });

  it('refuses every status but DELAYED first, whatever the days', () => {
    for (const status of LOAN_STATUSES.filter((s) => s !== 'DELAYED')) {
      expect(checkWriteOff(facts({ status })).ok && status).toBe(false);
      expect(checkWriteOff(facts({ status }))).toMatchObject({ refusal: 'loan.write_off_only_delayed' });
    }
  });

  it('a loan with nothing unpaid is 0 days past due', () => {
    expect(checkWriteOff(facts({ oldestUnpaidDueDate: null }))).toEqual({
      ok: false,
      refusal: 'write_off.not_overdue_enough',
      daysPastDue: 0,
    });
  });

  it('waits for payments in validation to be decided', () => {
    expect(checkWriteOff(facts({ paymentsInValidation: 1 }))).toEqual({
      ok: false,
      refusal: 'write_off.payment_in_validation',
      daysPastDue: 90,
    });
  });
});
