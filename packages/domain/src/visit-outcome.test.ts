import { describe, expect, it } from 'vitest';
import {
  checkVisit,
  isVisitOutcome,
  PROMISE_MAX_DAYS,
  type PromisePayment,
  promiseOutcome,
  tallyPromises,
  VISIT_OUTCOMES,
  type VisitCheck,
} from './visit-outcome.ts';

const ZONE = 'America/Mexico_City';
// 2026-11-20 11:20 in Mexico City (UTC−6).
const NOW = new Date('2026-11-20T17:20:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const LIMITS = { maxSkewMinutes: 5, maxAgeDays: 7 };

const visit = (over: Partial<VisitCheck> = {}): VisitCheck => ({
  outcome: 'NOT_HOME',
  visitedAt: NOW,
  now: NOW,
  limits: LIMITS,
  timeZone: ZONE,
  loanOpen: true,
  owedCents: 100_000,
  promisedDate: null,
  promisedAmountCents: null,
  ...over,
});
const promise = (over: Partial<VisitCheck> = {}) =>
  visit({ outcome: 'PROMISE', promisedDate: '2026-11-30', promisedAmountCents: 50_000, ...over });

describe('visit outcomes', () => {
  it('are No estaba, Promesa de pago and Se negó, in that order', () => {
    expect(VISIT_OUTCOMES).toEqual(['NOT_HOME', 'PROMISE', 'REFUSED']);
    expect(isVisitOutcome('PROMISE')).toBe(true);
    expect(isVisitOutcome('PAID')).toBe(false);
  });
});

describe('checkVisit (pure)', () => {
  it('accepts each outcome as it should be recorded', () => {
    expect(checkVisit(visit())).toEqual({ ok: true });
    expect(checkVisit(visit({ outcome: 'REFUSED' }))).toEqual({ ok: true });
    expect(checkVisit(promise())).toEqual({ ok: true });
  });

  it('refuses a visit to a loan that is not open', () => {
    expect(checkVisit(visit({ loanOpen: false }))).toEqual({ ok: false, refusal: 'visit.loan_not_open' });
  });

  it('takes the phone clock up to the skew ahead, and up to the maximum age behind', () => {
    const at = (ms: number) => checkVisit(visit({ visitedAt: new Date(NOW.getTime() + ms) }));
    expect(at(5 * MINUTE_MS)).toEqual({ ok: true });
    expect(at(5 * MINUTE_MS + 1)).toEqual({ ok: false, refusal: 'visit.in_future' });
    expect(at(-7 * DAY_MS)).toEqual({ ok: true });
    expect(at(-7 * DAY_MS - 1)).toEqual({ ok: false, refusal: 'visit.too_old' });
  });

  it('keeps the limits configured for collections', () => {
    const limits = { maxSkewMinutes: 1, maxAgeDays: 2 };
    const at = (ms: number) => checkVisit(visit({ limits, visitedAt: new Date(NOW.getTime() + ms) }));
    expect(at(MINUTE_MS)).toEqual({ ok: true });
    expect(at(MINUTE_MS + 1)).toEqual({ ok: false, refusal: 'visit.in_future' });
    expect(at(-2 * DAY_MS)).toEqual({ ok: true });
    expect(at(-2 * DAY_MS - 1)).toEqual({ ok: false, refusal: 'visit.too_old' });
  });

  it('needs a date and an amount for a promise, and neither otherwise', () => {
    expect(checkVisit(promise({ promisedDate: null }))).toEqual({
      ok: false,
      refusal: 'visit.promise_required',
    });
    expect(checkVisit(promise({ promisedAmountCents: null }))).toEqual({
      ok: false,
      refusal: 'visit.promise_required',
    });
    expect(checkVisit(visit({ promisedDate: '2026-11-30' }))).toEqual({
      ok: false,
      refusal: 'visit.promise_only',
    });
    expect(checkVisit(visit({ outcome: 'REFUSED', promisedAmountCents: 100 }))).toEqual({
      ok: false,
      refusal: 'visit.promise_only',
    });
  });

  it('bounds the promised date from the visit business day to 30 days after it', () => {
    expect(PROMISE_MAX_DAYS).toBe(30);
    expect(checkVisit(promise({ promisedDate: '2026-11-20' }))).toEqual({ ok: true });
    expect(checkVisit(promise({ promisedDate: '2026-11-19' }))).toEqual({
      ok: false,
      refusal: 'visit.promise_date_past',
    });
    expect(checkVisit(promise({ promisedDate: '2026-12-20' }))).toEqual({ ok: true });
    expect(checkVisit(promise({ promisedDate: '2026-12-21' }))).toEqual({
      ok: false,
      refusal: 'visit.promise_date_far',
    });
  });

  it('reads the visit day in the business zone, not in UTC', () => {
    // 23:30 on the 20th in Mexico City is already the 21st in UTC: the 20th is still a valid date.
    const late = new Date('2026-11-21T05:30:00Z');
    expect(checkVisit(promise({ visitedAt: late, now: late, promisedDate: '2026-11-20' }))).toEqual({
      ok: true,
    });
  });

  it('bounds the promised amount from 1 centavo to what is owed', () => {
    expect(checkVisit(promise({ promisedAmountCents: 1 }))).toEqual({ ok: true });
    expect(checkVisit(promise({ promisedAmountCents: 100_000 }))).toEqual({ ok: true });
    for (const cents of [0, -5, 100_001]) {
      expect(checkVisit(promise({ promisedAmountCents: cents }))).toEqual({
        ok: false,
        refusal: 'visit.promise_over_balance',
      });
    }
  });
});

describe('promiseOutcome (pure): kept when the payments from the visit to the promised day reach it', () => {
  // Promised on the 20th at 11:20 for the 25th: $500.
  const made = { visitedAt: NOW, promisedDate: '2026-11-25', promisedAmountCents: 50_000 };
  const paid = (iso: string, amountCents: number, status = 'VALIDATING'): PromisePayment => ({
    createdOn: new Date(iso),
    amountCents,
    status,
  });

  it('is pending until the promised day ends, broken after it', () => {
    expect(promiseOutcome(made, [], '2026-11-25', ZONE)).toEqual({ outcome: 'PENDING', collectedCents: 0 });
    expect(promiseOutcome(made, [], '2026-11-26', ZONE)).toEqual({ outcome: 'BROKEN', collectedCents: 0 });
  });

  it('adds up the payments registered between the visit and the end of the promised day', () => {
    const payments = [
      paid('2026-11-21T16:00:00Z', 20_000),
      paid('2026-11-26T05:59:59Z', 30_000, 'PAID'), // 23:59:59 on the 25th in Mexico City
    ];
    expect(promiseOutcome(made, payments, '2026-11-30', ZONE)).toEqual({
      outcome: 'KEPT',
      collectedCents: 50_000,
    });
    // Kept shows as soon as the money is in, before the promised day ends.
    expect(promiseOutcome(made, payments, '2026-11-25', ZONE).outcome).toBe('KEPT');
  });

  it('leaves out payments before the visit, after the promised day, rejected or cancelled', () => {
    const payments = [
      paid('2026-11-20T17:19:59Z', 50_000), // a second before the visit
      paid('2026-11-26T06:00:00Z', 50_000), // 00:00 on the 26th in Mexico City
      paid('2026-11-22T16:00:00Z', 50_000, 'REJECTED'),
      paid('2026-11-22T16:00:00Z', 50_000, 'CANCELLED'),
      paid('2026-11-22T16:00:00Z', 49_999),
    ];
    expect(promiseOutcome(made, payments, '2026-11-26', ZONE)).toEqual({
      outcome: 'BROKEN',
      collectedCents: 49_999,
    });
  });

  it('counts a payment at the very moment of the visit', () => {
    expect(promiseOutcome(made, [paid(NOW.toISOString(), 50_000)], '2026-11-20', ZONE).outcome).toBe('KEPT');
  });

  it('tallies promises made, kept, broken and pending', () => {
    const later = { ...made, promisedDate: '2026-12-01' };
    expect(
      tallyPromises(
        [
          { promise: made, payments: [paid('2026-11-22T16:00:00Z', 50_000)] },
          { promise: made, payments: [] },
          { promise: later, payments: [] },
        ],
        '2026-11-27',
        ZONE,
      ),
    ).toEqual({ made: 3, kept: 1, broken: 1, pending: 1 });
  });
});
