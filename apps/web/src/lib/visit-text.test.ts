import { describe, expect, it } from 'vitest';
import { promiseText, visitText, visitWhen } from './visit-text.ts';

// 2026-11-30 11:20 in Mexico City (the default business zone).
const NOW = new Date('2026-11-30T17:20:00.000Z');

describe('visit texts on the business clock', () => {
  it('says when: hoy, ayer, or the day and month', () => {
    expect(visitWhen('2026-11-30T17:20:00.000Z', NOW)).toBe('hoy 11:20');
    // 23:50 on the 29th in Mexico City is already the 30th in UTC.
    expect(visitWhen('2026-11-30T05:50:00.000Z', NOW)).toBe('ayer 23:50');
    expect(visitWhen('2026-11-27T15:05:00.000Z', NOW)).toBe('27/11 09:05');
  });

  it('says a visit in one line, a promise with its amount and day', () => {
    const base = { visitedAt: '2026-11-30T17:20:00.000Z', note: null };
    expect(visitText({ ...base, outcome: 'NOT_HOME', promisedDate: null, promisedAmount: null }, NOW)).toBe(
      'No estaba · hoy 11:20',
    );
    expect(visitText({ ...base, outcome: 'REFUSED', promisedDate: null, promisedAmount: null }, NOW)).toBe(
      'Se negó · hoy 11:20',
    );
    expect(
      visitText({ ...base, outcome: 'PROMISE', promisedDate: '2026-12-05', promisedAmount: 500 }, NOW),
    ).toBe('Promesa $500.00 para el 05/12 · hoy 11:20');
    expect(promiseText({ promisedDate: '2026-11-30', promisedAmount: 1_250.5 }, NOW)).toBe(
      'Promesa $1,250.50 para hoy',
    );
  });
});
