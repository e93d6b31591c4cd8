import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar.ts';
import { ageOn, CURP_STATES, checkCurp, checkRfc, curpCheckDigit, rfcCheckDigit } from './identity.ts';

// Keys published by their holders or by SAT's own examples, so the check digits are RENAPO's and SAT's,
// not this module's.
const PUBLIC_CURP = 'LOOA531113HTCPBN07';
const PUBLIC_CURP_WOMAN = 'MAHJ280603MSPRRV09';
const PUBLIC_RFCS = ['LOOA531113FI5', 'GODE561231GR8'];

describe('CURP', () => {
  it('a published CURP is valid and tells the birth date, sex and state', () => {
    expect(checkCurp(PUBLIC_CURP)).toEqual({
      ok: true,
      facts: { birthDate: '1953-11-13', sex: 'H', stateCode: 'TC', state: 'TABASCO' },
    });
    expect(checkCurp(PUBLIC_CURP_WOMAN)).toMatchObject({
      ok: true,
      facts: { birthDate: '1928-06-03', sex: 'M', state: 'SAN LUIS POTOSI' },
    });
    // Lower case and spaces around are read as typed.
    expect(checkCurp(` ${PUBLIC_CURP.toLowerCase()} `).ok).toBe(true);
  });

  it('a letter in the homoclave is a birth from 2000 on', () => {
    const first17 = 'PEGA050101HPLRRNA';
    expect(checkCurp(first17 + curpCheckDigit(first17))).toMatchObject({
      ok: true,
      facts: { birthDate: '2005-01-01', stateCode: 'PL', state: 'PUEBLA' },
    });
  });

  it('names each problem, the length first', () => {
    expect(checkCurp('LOOA531113HTCPBN0')).toEqual({ ok: false, problem: 'length' });
    expect(checkCurp('LOOA5311I3HTCPBN07')).toEqual({ ok: false, problem: 'structure' });
    expect(checkCurp('LOOA530231HTCPBN07')).toEqual({ ok: false, problem: 'date' });
    expect(checkCurp('LOOA531113ZTCPBN07')).toEqual({ ok: false, problem: 'sex' });
    expect(checkCurp('LOOA531113HXXPBN07')).toEqual({ ok: false, problem: 'state' });
    expect(checkCurp('LOOA531113HTCPBN08')).toEqual({ ok: false, problem: 'check_digit' });
  });

  it('any well-formed key with its check digit passes, and any other check digit fails', () => {
    const letters = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const consonants = fc.constantFrom(...'BCDFGHJKLMNPQRSTVWXYZ');
    const dates = fc
      .date({
        min: new Date('1925-01-01T00:00:00Z'),
        max: new Date('2025-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(letters, { minLength: 4, maxLength: 4 }),
        dates,
        fc.constantFrom('H', 'M', 'X'),
        fc.constantFrom(...Object.keys(CURP_STATES)),
        fc.array(consonants, { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (initials, birthDate, sex, state, inner, homoclave, shift) => {
          const after2000 = birthDate >= '2000';
          const tenth = after2000 ? 'ABCDEFGHIJ'.charAt(homoclave) : String(homoclave);
          const first17 = `${initials.join('')}${birthDate.slice(2).replaceAll('-', '')}${sex}${state}${inner.join('')}${tenth}`;
          const digit = curpCheckDigit(first17);
          const check = checkCurp(first17 + digit);
          expect(check).toMatchObject({ ok: true, facts: { birthDate, sex, stateCode: state } });
          const wrong = String((Number(digit) + shift) % 10);
          expect(checkCurp(first17 + wrong)).toEqual({ ok: false, problem: 'check_digit' });
        },
      ),
    );
  });
});

describe('age', () => {
  it('counts a birthday on its day', () => {
    expect(ageOn('2007-11-29', '2025-11-28')).toBe(17);
    expect(ageOn('2007-11-29', '2025-11-29')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('RFC of a persona física', () => {
  it('published RFCs are valid', () => {
    for (const rfc of PUBLIC_RFCS) expect(checkRfc(rfc), rfc).toEqual({ ok: true });
    expect(checkRfc(' looa531113fi5 ')).toEqual({ ok: true });
  });

  it('names each problem', () => {
    expect(checkRfc('LOOA531113FI')).toEqual({ ok: false, problem: 'length' });
    expect(checkRfc('LOO1531113FI5')).toEqual({ ok: false, problem: 'structure' });
    expect(checkRfc('LOOA531332FI5')).toEqual({ ok: false, problem: 'date' });
    expect(checkRfc('LOOA531113FI4')).toEqual({ ok: false, problem: 'check_digit' });
  });

  it('a check digit of 10 is written A', () => {
    // Search a homoclave whose digit is A: the rule must produce it for some key.
    const found = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']
      .flatMap((a) => ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((b) => `LOOA531113${a}${b}`))
      .find((first12) => rfcCheckDigit(first12) === 'A');
    expect(found).toBeDefined();
    expect(checkRfc(`${found}A`)).toEqual({ ok: true });
  });
});

describe('calendar dates', () => {
  it('only days that exist', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-1-01')).toBe(false);
  });
});
