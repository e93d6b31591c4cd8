import { describe, expect, it } from 'vitest';
import { importedLoan, pesosTextToCents, sheetDateToIso } from './book-import.ts';

// $1,000 at 20 % over 12 weeks: $100 an installment, cap $100 of fines per installment.
const base = {
  totalCents: 120_000,
  termWeeks: 12,
  lateFeeCapCents: 10_000,
  deliveryDate: '2026-01-01',
  installmentsPaid: 0,
  partialCents: 0,
  pendingFinesCents: 0,
  today: '2026-01-30',
};

describe('importedLoan', () => {
  it('marks the paid installments, the partial part and the past-due ones', () => {
    const loan = importedLoan({ ...base, installmentsPaid: 2, partialCents: 4_000 });
    if (!loan.ok) throw new Error(loan.refusal);
    expect(loan.installments.slice(0, 5).map((i) => [i.dueDate, i.status, i.paidCents])).toEqual([
      ['2026-01-08', 'PAID', 10_000],
      ['2026-01-15', 'PAID', 10_000],
      ['2026-01-22', 'DELAYED', 4_000],
      ['2026-01-29', 'DELAYED', 0],
      ['2026-02-05', 'PENDING', 0],
    ]);
    expect(loan.standing).toEqual({
      status: 'DELAYED',
      currentRealAmountCents: 120_000,
      currentBalanceCents: 96_000,
    });
  });

  it('spreads the pending fines over the installments already due, each up to the cap, the day after', () => {
    const loan = importedLoan({ ...base, pendingFinesCents: 25_000 });
    if (!loan.ok) throw new Error(loan.refusal);
    expect(loan.fees.map((f) => [f.paymentNumber, f.feeDate, f.amountCents])).toEqual([
      [1, '2026-01-09', 10_000],
      [2, '2026-01-16', 10_000],
      [3, '2026-01-23', 5_000],
    ]);
    expect(loan.standing.currentBalanceCents).toBe(145_000);
  });

  it('refuses fines beyond the caps, a partial of a whole installment, a future delivery, a settled loan', () => {
    expect(importedLoan({ ...base, pendingFinesCents: 40_001 })).toMatchObject({
      ok: false,
      refusal: 'import.fines_above_cap',
      limitCents: 40_000,
    });
    expect(importedLoan({ ...base, partialCents: 10_000 })).toMatchObject({
      refusal: 'import.partial_too_large',
    });
    expect(importedLoan({ ...base, installmentsPaid: 13 })).toMatchObject({
      refusal: 'import.paid_beyond_term',
    });
    expect(importedLoan({ ...base, deliveryDate: '2026-01-31' })).toMatchObject({
      refusal: 'import.delivery_in_future',
    });
    expect(importedLoan({ ...base, installmentsPaid: 12 })).toMatchObject({ refusal: 'import.loan_settled' });
  });

  it('charges the fines to the installments still owed first', () => {
    const loan = importedLoan({ ...base, installmentsPaid: 2, pendingFinesCents: 25_000 });
    if (!loan.ok) throw new Error(loan.refusal);
    expect(loan.fees.map((f) => [f.paymentNumber, f.amountCents])).toEqual([
      [3, 10_000],
      [4, 10_000],
      [1, 5_000],
    ]);
  });

  it('keeps a loan whose installments are paid but whose fines are owed', () => {
    const loan = importedLoan({
      ...base,
      today: '2026-06-01',
      installmentsPaid: 12,
      pendingFinesCents: 5_000,
    });
    expect(loan.ok && loan.standing).toEqual({
      status: 'ACTIVE',
      currentRealAmountCents: 125_000,
      currentBalanceCents: 5_000,
    });
  });
});

describe('spreadsheet cells', () => {
  it('reads pesos exactly', () => {
    expect(
      ['1500', '1,500.50', '$1,500', '0.1', '', '12,34', '1.234', '-5', 'abc'].map(pesosTextToCents),
    ).toEqual([150_000, 150_050, 150_000, 10, 0, null, null, null, null]);
  });

  it('reads ISO and day/month/year dates, refusing days that do not exist', () => {
    expect(['2026-03-14', '14/03/2026', '1/3/2026', '2026-02-30', '03-14-2026'].map(sheetDateToIso)).toEqual([
      '2026-03-14',
      '2026-03-14',
      '2026-03-01',
      null,
      null,
    ]);
  });
});
