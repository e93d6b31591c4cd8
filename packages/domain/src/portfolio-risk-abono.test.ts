import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installmentAmountsCents, totalToRepayCents } from './loan-policy.ts';
import {
  abonoPrincipalCents,
  installmentPrincipalCents,
  loanRiskRow,
  outstandingPrincipalCents,
} from './portfolio-risk.ts';

/**
 * Outstanding principal after partial payments: what was paid of a still-unpaid installment splits
 * between principal and interest in the installment's own proportions. The loan: $10,000 at 20% over
 * 12 weeks, $12,000 to repay: installments of $1,000 of which $833.33 is principal ($833.37 the last).
 */
describe('principal part of a partial payment', () => {
  it('splits what was paid in the installment’s principal ÷ amount proportion, rounding down', () => {
    expect(installmentPrincipalCents(1_000_000, 12, 1)).toBe(83_333);
    expect(installmentPrincipalCents(1_000_000, 12, 12)).toBe(83_337);
    // A restructuring numbers its installments after the old ones: the last is number 16 of 4.
    expect(installmentPrincipalCents(300_001, 4, 16, 16)).toBe(75_001);
    expect(installmentPrincipalCents(300_001, 4, 13, 16)).toBe(75_000);
    // Half of installment 2 paid: half its principal, $416.66 (⌊50,000 × 83,333 ÷ 100,000⌋).
    expect(abonoPrincipalCents(50_000, 100_000, 83_333)).toBe(41_666);
    expect(abonoPrincipalCents(0, 100_000, 83_333)).toBe(0);
    expect(abonoPrincipalCents(99_999, 100_000, 83_333)).toBe(83_332);
  });

  it('keeps exact figures where paid × principal passes 2^53', () => {
    expect(abonoPrincipalCents(900_000_000_001, 1_000_000_000_000, 800_000_000_000)).toBe(720_000_000_000);
  });

  it('takes the paid principal off the loan’s outstanding principal, per loan of the row', () => {
    const facts = {
      status: 'DELAYED' as const,
      amountCents: 1_000_000,
      termWeeks: 12,
      unpaidInstallments: 11,
      lastInstallmentUnpaid: true,
      oldestOverdueDueDate: '2026-01-01',
      loans: 2,
      currentBalanceCents: 2 * 1_050_000,
    };
    const before = 10 * 83_333 + 83_337;
    expect(outstandingPrincipalCents(facts)).toBe(before);
    expect(outstandingPrincipalCents({ ...facts, abonoPrincipalCents: 41_666 })).toBe(before - 41_666);
    expect(loanRiskRow({ ...facts, abonoPrincipalCents: 41_666 }).outstandingPrincipalCents).toBe(
      2 * (before - 41_666),
    );
  });
});

describe('outstanding principal with partial payments (property)', () => {
  it('is never negative nor above the amount, and is the old figure when nothing is paid in part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 50_000_000 }),
        fc.integer({ min: 1, max: 52 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 52 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amountCents, termWeeks, interestBp, paidWhole, paidPartPpm) => {
          const amounts = installmentAmountsCents(totalToRepayCents(amountCents, interestBp), termWeeks);
          // Installments 1..k paid in full, k + 1 paid in part, the rest unpaid (abonos pay oldest first).
          const whole = Math.min(paidWhole, termWeeks);
          const unpaidInstallments = termWeeks - whole;
          const partNumber = whole + 1;
          const partAmount = amounts[partNumber - 1] ?? 0;
          const paid = unpaidInstallments === 0 ? 0 : Math.floor((partAmount * paidPartPpm) / 1_000_000);
          const principalPaid =
            unpaidInstallments === 0
              ? 0
              : abonoPrincipalCents(
                  paid,
                  partAmount,
                  installmentPrincipalCents(amountCents, termWeeks, partNumber),
                );
          const facts = {
            amountCents,
            termWeeks,
            unpaidInstallments,
            lastInstallmentUnpaid: unpaidInstallments > 0,
          };
          const old = outstandingPrincipalCents(facts);
          const now = outstandingPrincipalCents({ ...facts, abonoPrincipalCents: principalPaid });
          expect(now).toBeGreaterThanOrEqual(0);
          expect(now).toBeLessThanOrEqual(amountCents);
          expect(now).toBeLessThanOrEqual(old);
          expect(outstandingPrincipalCents({ ...facts, abonoPrincipalCents: 0 })).toBe(old);
          if (paid === 0) expect(now).toBe(old);
          // Σ principal of the unpaid installments, less the paid part of the one paid in part.
          let expected = 0;
          for (let k = partNumber; k <= termWeeks; k += 1)
            expected += installmentPrincipalCents(amountCents, termWeeks, k);
          expect(now).toBe(expected - principalPaid);
        },
      ),
    );
  });
});
