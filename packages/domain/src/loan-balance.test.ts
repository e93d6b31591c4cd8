import { describe, expect, it } from 'vitest';
import { loanStanding } from './loan-balance.ts';
import { installment as inst } from './test-fixtures.ts';

const TODAY = '2025-03-10';

describe('loanStanding', () => {
  it('owes every unpaid installment and pending or validating fee; real amount leaves out cancelled fees', () => {
    const standing = loanStanding(
      [inst(1, 'PAID', '2025-03-01'), inst(2, 'VALIDATING', '2025-03-08'), inst(3, 'PENDING', '2025-03-15')],
      [
        { amountCents: 5_000, status: 'PAID' },
        { amountCents: 5_000, status: 'VALIDATING' },
        { amountCents: 5_000, status: 'PENDING' },
        { amountCents: 5_000, status: 'CANCELLED' },
      ],
      TODAY,
    );
    expect(standing).toEqual({
      currentRealAmountCents: 300_000 + 15_000,
      currentBalanceCents: 200_000 + 10_000,
      // installment 2 is past due and not paid (validating still owes)
      status: 'DELAYED',
    });
  });

  it('leaves out what a restructuring closed: its installments and the fines it included', () => {
    const standing = loanStanding(
      [
        inst(1, 'PAID', '2025-02-01'),
        inst(2, 'RESTRUCTURED', '2025-02-08'),
        inst(3, 'RESTRUCTURED', '2025-02-15'),
        { amountCents: 105_000, status: 'PENDING', dueDate: '2025-03-17' },
        { amountCents: 105_000, status: 'PENDING', dueDate: '2025-03-24' },
      ],
      [
        { amountCents: 5_000, status: 'RESTRUCTURED' },
        { amountCents: 5_000, status: 'RESTRUCTURED' },
      ],
      TODAY,
    );
    expect(standing).toEqual({
      currentRealAmountCents: 310_000,
      currentBalanceCents: 210_000,
      status: 'ACTIVE',
    });
    const paid = loanStanding(
      [inst(1, 'PAID', '2025-02-01'), inst(2, 'RESTRUCTURED', '2025-02-08'), inst(3, 'PAID', '2025-03-17')],
      [{ amountCents: 5_000, status: 'RESTRUCTURED' }],
      TODAY,
    );
    expect(paid.status).toBe('PAID');
  });

  it('is ACTIVE while nothing unpaid is past due, DELAYED once something is (or is marked DELAYED)', () => {
    const future = [inst(1, 'PAID', '2025-03-01'), inst(2, 'PENDING', TODAY)];
    expect(loanStanding(future, [], TODAY).status).toBe('ACTIVE');
    expect(loanStanding(future, [], '2025-03-11').status).toBe('DELAYED');
    expect(loanStanding([inst(1, 'DELAYED', '2025-03-20')], [], TODAY).status).toBe('DELAYED');
  });

  it('is PAID only when every installment is PAID and no fee is PENDING or VALIDATING', () => {
    const paid = [inst(1, 'PAID', '2025-01-01'), inst(2, 'PAID', '2025-01-08')];
    expect(loanStanding(paid, [{ amountCents: 5_000, status: 'CANCELLED' }], TODAY)).toEqual({
      currentRealAmountCents: 200_000,
      currentBalanceCents: 0,
      status: 'PAID',
    });
    expect(loanStanding(paid, [{ amountCents: 5_000, status: 'PENDING' }], TODAY).status).toBe('ACTIVE');
    expect(loanStanding(paid, [{ amountCents: 5_000, status: 'VALIDATING' }], TODAY).status).toBe('ACTIVE');
    expect(loanStanding([], [], TODAY).status).toBe('ACTIVE');
  });
});

describe('loanStanding with abonos', () => {
  it('an installment paid in part is owed for what remains and keeps the loan open', () => {
    const standing = loanStanding(
      [
        { amountCents: 50_000, status: 'PAID', dueDate: '2026-03-11', paidCents: 50_000 },
        { amountCents: 50_000, status: 'DELAYED', dueDate: '2026-03-18', paidCents: 30_000 },
      ],
      [{ amountCents: 5_000, status: 'PENDING', paidCents: 2_000 }],
      '2026-03-20',
    );
    expect(standing).toEqual({
      currentRealAmountCents: 105_000,
      currentBalanceCents: 23_000,
      status: 'DELAYED',
    });
  });
});
