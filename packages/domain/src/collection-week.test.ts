import { describe, expect, it } from 'vitest';
import {
  collectionRate,
  collectionWeekOf,
  type WeekPayment,
  type WeekVisit,
  weekVisitFigures,
} from './collection-week.ts';

const ZONE = 'America/Mexico_City';
// Mexico City is UTC−6: 2026-11-17 23:30 local is 2026-11-18 05:30Z.
const at = (iso: string) => new Date(iso);

describe('collectionWeekOf', () => {
  it('runs Monday to Sunday, a Sunday closing its own week', () => {
    expect(collectionWeekOf('2026-11-18')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(collectionWeekOf('2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(collectionWeekOf('2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(collectionWeekOf('2026-12-31')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});

describe('collectionRate', () => {
  it('is null when nothing fell due: no division by zero', () => {
    expect(collectionRate(0, 0)).toBeNull();
    expect(collectionRate(0, 500)).toBeNull();
  });

  it('is the collected share of what fell due, in percent with one decimal, half up', () => {
    expect(collectionRate(100_000, 100_000)).toBe(100);
    expect(collectionRate(100_000, 0)).toBe(0);
    expect(collectionRate(300, 100)).toBe(33.3);
    expect(collectionRate(300, 200)).toBe(66.7);
    // 1/8 = 12.5 %; 1/16 = 6.25 % rounds half up to 6.3.
    expect(collectionRate(800, 100)).toBe(12.5);
    expect(collectionRate(1600, 100)).toBe(6.3);
  });

  it('never claims more than 100 % nor less than 0 %', () => {
    expect(collectionRate(100, 250)).toBe(100);
    expect(collectionRate(100, -5)).toBe(0);
  });

  it('is exact on large amounts (integer arithmetic)', () => {
    expect(collectionRate(9_007_199_254, 4_503_599_627)).toBe(50);
    expect(() => collectionRate(0.5, 0)).toThrow(RangeError);
  });
});

describe('weekVisitFigures', () => {
  const visit = (over: Partial<WeekVisit>): WeekVisit => ({
    loanId: 'L1',
    outcome: 'NOT_HOME',
    visitedAt: at('2026-11-17T16:00:00Z'),
    promisedDate: null,
    promisedAmountCents: null,
    ...over,
  });
  const payment = (over: Partial<WeekPayment>): WeekPayment => ({
    loanId: 'L1',
    amountCents: 50_000,
    status: 'PAID',
    createdOn: at('2026-11-17T18:00:00Z'),
    collectedAt: at('2026-11-17T18:00:00Z'),
    ...over,
  });

  it('counts a visit without payment when nothing on its loan was collected that business day', () => {
    const figures = weekVisitFigures(
      [
        visit({ loanId: 'L1' }),
        visit({ loanId: 'L2' }),
        // Late evening of the 17th locally is the 18th in UTC: the business day decides.
        visit({ loanId: 'L3', visitedAt: at('2026-11-18T05:30:00Z') }),
        visit({ loanId: 'L4' }),
      ],
      [
        payment({ loanId: 'L1' }),
        // Collected on the 17th, sent the next day: it is the 17th's.
        payment({
          loanId: 'L3',
          collectedAt: at('2026-11-17T20:00:00Z'),
          createdOn: at('2026-11-18T15:00:00Z'),
        }),
        // On another day, or turned down: no payment for the visit.
        payment({ loanId: 'L2', collectedAt: at('2026-11-16T18:00:00Z') }),
        payment({ loanId: 'L4', status: 'REJECTED' }),
      ],
      '2026-11-20',
      ZONE,
    );
    expect(figures.visits).toBe(4);
    expect(figures.withoutPayment).toBe(2);
    expect(figures.promises).toEqual({ made: 0, kept: 0, broken: 0, pending: 0 });
  });

  it('tallies the promises made by THE rule of a kept promise', () => {
    const DAY_AFTER = at('2026-11-18T17:00:00Z');
    const promise = (loanId: string, promisedDate: string) =>
      visit({ loanId, outcome: 'PROMISE', promisedDate, promisedAmountCents: 50_000 });
    const figures = weekVisitFigures(
      [promise('KEPT', '2026-11-18'), promise('BROKEN', '2026-11-18'), promise('PENDING', '2026-11-25')],
      [
        payment({ loanId: 'KEPT', createdOn: DAY_AFTER, collectedAt: DAY_AFTER }),
        payment({ loanId: 'BROKEN', amountCents: 20_000, createdOn: DAY_AFTER, collectedAt: DAY_AFTER }),
      ],
      '2026-11-20',
      ZONE,
    );
    expect(figures.promises).toEqual({ made: 3, kept: 1, broken: 1, pending: 1 });
    // Paid the day after the visits: each visit itself was without payment.
    expect(figures.withoutPayment).toBe(3);
  });
});
