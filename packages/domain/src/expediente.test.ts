import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS,
  expedienteState,
  isOfAgeOn,
  MIN_APPLICANT_AGE,
  monthsBefore,
} from './expediente.ts';

const TODAY = '2026-06-15';
const ine = [
  { type: 'INE_FRONT', documentDate: null },
  { type: 'INE_BACK', documentDate: null },
];
const proof = (documentDate: string | null) => ({ type: 'PROOF_OF_ADDRESS', documentDate });

describe('expedienteState', () => {
  it('is complete with both INE sides and a proof of address of the last 3 months', () => {
    expect(DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS).toBe(3);
    expect(expedienteState([...ine, proof('2026-04-01')], TODAY)).toEqual({ complete: true, missing: [] });
  });

  it('lists everything missing, in order, for an empty file', () => {
    expect(expedienteState([], TODAY)).toEqual({
      complete: false,
      missing: ['INE_FRONT', 'INE_BACK', 'PROOF_OF_ADDRESS'],
    });
    expect(
      expedienteState(
        [
          { type: 'OTHER', documentDate: null },
          { type: 'INE_BACK', documentDate: null },
        ],
        TODAY,
      ).missing,
    ).toEqual(['INE_FRONT', 'PROOF_OF_ADDRESS']);
  });

  it('counts a proof dated exactly 3 months back, not one a day older', () => {
    expect(expedienteState([...ine, proof('2026-03-15')], TODAY).complete).toBe(true);
    expect(expedienteState([...ine, proof('2026-03-14')], TODAY)).toEqual({
      complete: false,
      missing: ['PROOF_OF_ADDRESS_EXPIRED'],
    });
  });

  it('takes the newest dated proof and ignores an undated one', () => {
    expect(expedienteState([...ine, proof('2025-01-01'), proof('2026-06-01')], TODAY).complete).toBe(true);
    expect(expedienteState([...ine, proof(null)], TODAY).missing).toEqual(['PROOF_OF_ADDRESS']);
  });

  it('follows the window the setting gives', () => {
    expect(expedienteState([...ine, proof('2026-01-20')], TODAY, 6).complete).toBe(true);
    expect(expedienteState([...ine, proof('2026-05-14')], TODAY, 1).missing).toEqual([
      'PROOF_OF_ADDRESS_EXPIRED',
    ]);
  });
});

describe('monthsBefore', () => {
  it('moves whole months, to the month end when the day does not exist', () => {
    expect(monthsBefore('2026-06-15', 3)).toBe('2026-03-15');
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2028-05-31', 3)).toBe('2028-02-29');
    expect(monthsBefore('2026-02-10', 3)).toBe('2025-11-10');
  });
});

describe('isOfAgeOn', () => {
  it('is 18 from the 18th birthday on', () => {
    expect(MIN_APPLICANT_AGE).toBe(18);
    expect(isOfAgeOn('2008-06-15', TODAY)).toBe(true);
    expect(isOfAgeOn('2008-06-16', TODAY)).toBe(false);
  });
});
