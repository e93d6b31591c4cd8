import { describe, expect, it } from 'vitest';
import {
  daysPastDue,
  dpdBucket,
  dpdCutPoints,
  type LoanRiskFacts,
  loanRiskRow,
  outstandingPrincipalCents,
  PAR_DAYS,
  parRatio,
  portfolioRisk,
} from './portfolio-risk.ts';

const TODAY = '2025-03-20';

/** One $10,000.00 loan (12 × $833.33, the last $833.37) with `unpaid` installments left. */
function loan(overrides: Partial<LoanRiskFacts> = {}): LoanRiskFacts {
  return {
    status: 'ACTIVE',
    amountCents: 1_000_000,
    termWeeks: 12,
    unpaidInstallments: 12,
    lastInstallmentUnpaid: true,
    oldestOverdueDueDate: null,
    loans: 1,
    currentBalanceCents: 1_200_000,
    ...overrides,
  };
}

describe('days past due', () => {
  it('counts calendar days from the oldest overdue due date to today', () => {
    expect(daysPastDue('2025-03-19', TODAY)).toBe(1);
    expect(daysPastDue('2025-03-13', TODAY)).toBe(7);
    expect(daysPastDue('2025-03-12', TODAY)).toBe(8);
    // Across a month end and the spring daylight-saving change (dates, not instants).
    expect(daysPastDue('2025-02-27', '2025-03-10')).toBe(11);
  });

  it('is 0 without an overdue installment, never negative', () => {
    expect(daysPastDue(null, TODAY)).toBe(0);
    expect(daysPastDue(TODAY, TODAY)).toBe(0);
    expect(daysPastDue('2025-03-27', TODAY)).toBe(0);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => daysPastDue('20/03/2025', TODAY)).toThrow(RangeError);
  });
});

describe('DPD buckets', () => {
  it('puts each boundary day in the right bucket', () => {
    expect(dpdBucket(0)).toBeNull();
    expect(dpdBucket(1)).toBe('1-7');
    expect(dpdBucket(7)).toBe('1-7');
    expect(dpdBucket(8)).toBe('8-30');
    expect(dpdBucket(30)).toBe('8-30');
    expect(dpdBucket(31)).toBe('31-60');
    expect(dpdBucket(60)).toBe('31-60');
    expect(dpdBucket(61)).toBe('61+');
    expect(dpdBucket(400)).toBe('61+');
  });
});

describe('outstanding principal', () => {
  it('is the whole amount when nothing is repaid, shares summing exactly', () => {
    expect(outstandingPrincipalCents(loan())).toBe(1_000_000);
  });

  it('is ⌊amount ÷ term⌋ per unpaid installment, the last one carrying the remainder', () => {
    // $10,000.00 / 12 = 83,333 centavos each, the last 83,337.
    expect(outstandingPrincipalCents(loan({ unpaidInstallments: 1, lastInstallmentUnpaid: true }))).toBe(
      83_337,
    );
    expect(outstandingPrincipalCents(loan({ unpaidInstallments: 4, lastInstallmentUnpaid: true }))).toBe(
      3 * 83_333 + 83_337,
    );
    // Paid out of order (a later installment confirmed first): the last one is paid, three others not.
    expect(outstandingPrincipalCents(loan({ unpaidInstallments: 3, lastInstallmentUnpaid: false }))).toBe(
      3 * 83_333,
    );
  });

  it('is 0 when every installment is paid (fees may still be owed)', () => {
    expect(outstandingPrincipalCents(loan({ unpaidInstallments: 0, lastInstallmentUnpaid: false }))).toBe(0);
  });

  it('refuses more unpaid installments than the term', () => {
    expect(() => outstandingPrincipalCents(loan({ unpaidInstallments: 13 }))).toThrow(RangeError);
  });
});

describe('PAR ratio', () => {
  it('is a fraction, 0 for an empty portfolio', () => {
    expect(parRatio(250, 1_000)).toBe(0.25);
    expect(parRatio(0, 0)).toBe(0);
  });
});

describe('portfolio risk', () => {
  it('is all zeros for an empty portfolio', () => {
    const risk = portfolioRisk([], TODAY);
    expect(risk.loans).toEqual({ active: 0, delayed: 0, restructured: 0 });
    expect(risk.outstandingPrincipalCents).toBe(0);
    expect(risk.par).toEqual([
      { days: 1, atRiskCents: 0, outstandingCents: 0, ratio: 0, loans: 0 },
      { days: 7, atRiskCents: 0, outstandingCents: 0, ratio: 0, loans: 0 },
      { days: 30, atRiskCents: 0, outstandingCents: 0, ratio: 0, loans: 0 },
    ]);
    expect(risk.buckets.map((b) => [b.key, b.loans, b.principalCents])).toEqual([
      ['1-7', 0, 0],
      ['8-30', 0, 0],
      ['31-60', 0, 0],
      ['61+', 0, 0],
    ]);
  });

  it('a loan exactly X days past due is not in PAR X; one day more is', () => {
    const rows = [
      loan({ status: 'DELAYED', oldestOverdueDueDate: '2025-03-13' }), // DPD 7: $10,000.00
      loan({ status: 'DELAYED', amountCents: 500_000, oldestOverdueDueDate: '2025-03-12' }), // DPD 8: $5,000.00
      loan({ amountCents: 500_000 }), // current: $5,000.00
    ];
    const risk = portfolioRisk(rows.map(loanRiskRow), TODAY);
    expect(risk.outstandingPrincipalCents).toBe(2_000_000);
    expect(risk.par).toEqual([
      { days: 1, atRiskCents: 1_500_000, outstandingCents: 2_000_000, ratio: 0.75, loans: 2 },
      { days: 7, atRiskCents: 500_000, outstandingCents: 2_000_000, ratio: 0.25, loans: 1 },
      { days: 30, atRiskCents: 0, outstandingCents: 2_000_000, ratio: 0, loans: 0 },
    ]);
    expect(risk.buckets.find((b) => b.key === '1-7')).toMatchObject({ loans: 1, principalCents: 1_000_000 });
    expect(risk.buckets.find((b) => b.key === '8-30')).toMatchObject({ loans: 1, principalCents: 500_000 });
    expect(risk.loans).toEqual({ active: 1, delayed: 2, restructured: 0 });
  });

  it('counts restructured loans apart, still in the outstanding figures and PAR', () => {
    const restructured = loanRiskRow(
      // $6,000.00 of principal outstanding when restructured, over 8 new installments, 4 left.
      loan({
        status: 'DELAYED',
        amountCents: 600_000,
        termWeeks: 8,
        unpaidInstallments: 4,
        oldestOverdueDueDate: '2025-03-10',
        currentBalanceCents: 360_000,
        restructured: true,
      }),
    );
    expect(restructured).toMatchObject({ restructured: true, outstandingPrincipalCents: 300_000 });
    const risk = portfolioRisk([restructured, loanRiskRow(loan())], TODAY);
    expect(risk.loans).toEqual({ active: 1, delayed: 0, restructured: 1 });
    expect(risk.restructuredBalanceCents).toBe(360_000);
    expect(risk.restructuredPrincipalCents).toBe(300_000);
    expect(risk.outstandingPrincipalCents).toBe(1_300_000);
    expect(risk.outstandingBalanceCents).toBe(1_560_000);
    expect(risk.par[0]).toMatchObject({ days: 1, atRiskCents: 300_000, loans: 1 });
  });

  it('a loan 1 day past due is in the 1–7 bucket but not in PAR 1', () => {
    const risk = portfolioRisk([loanRiskRow(loan({ oldestOverdueDueDate: '2025-03-19' }))], TODAY);
    expect(risk.par[0]).toMatchObject({ days: 1, atRiskCents: 0, loans: 0 });
    expect(risk.buckets[0]).toMatchObject({ key: '1-7', loans: 1, principalCents: 1_000_000 });
  });

  it('counts the whole outstanding principal of a late loan, and grouped rows by their loan count', () => {
    const rows = [
      // 3 identical loans, 31 days late, 4 installments left (the last one among them).
      loan({
        status: 'DELAYED',
        loans: 3,
        unpaidInstallments: 4,
        oldestOverdueDueDate: '2025-02-17',
        currentBalanceCents: 3 * 400_000,
      }),
      // 61 days late, 1 installment left.
      loan({
        status: 'DELAYED',
        unpaidInstallments: 1,
        oldestOverdueDueDate: '2025-01-18',
        currentBalanceCents: 105_000,
      }),
    ];
    const risk = portfolioRisk(rows.map(loanRiskRow), TODAY);
    const lateFour = 3 * 83_333 + 83_337;
    expect(risk.outstandingPrincipalCents).toBe(3 * lateFour + 83_337);
    expect(risk.outstandingBalanceCents).toBe(1_305_000);
    expect(risk.par[2]).toEqual({
      days: 30,
      atRiskCents: 3 * lateFour + 83_337,
      outstandingCents: 3 * lateFour + 83_337,
      ratio: 1,
      loans: 4,
    });
    expect(risk.buckets.map((b) => [b.key, b.loans, b.principalCents])).toEqual([
      ['1-7', 0, 0],
      ['8-30', 0, 0],
      ['31-60', 3, 3 * lateFour],
      ['61+', 1, 83_337],
    ]);
  });
});

describe('DPD cut points', () => {
  it('are where a loan changes PAR numerators or bucket: 1, 2, 8, 31 and 61 days', () => {
    expect(dpdCutPoints()).toEqual([1, 2, 8, 31, 61]);
    expect(dpdCutPoints([3])).toEqual([1, 4, 8, 31, 61]);
  });

  it('separate exactly the DPDs that differ in a figure', () => {
    const classOf = (dpd: number) => dpdCutPoints().filter((cut) => dpd >= cut).length;
    const figuresOf = (dpd: number) => ({
      bucket: dpdBucket(dpd),
      par: PAR_DAYS.map((days) => dpd > days),
    });
    for (let a = 0; a < 120; a++) {
      for (let b = 0; b < 120; b++) {
        expect(classOf(a) === classOf(b), `DPD ${a} y ${b}`).toBe(
          JSON.stringify(figuresOf(a)) === JSON.stringify(figuresOf(b)),
        );
      }
    }
  });
});
