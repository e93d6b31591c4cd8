import { describe, expect, it } from 'vitest';
import { pin, registerRequest } from './auth.ts';
import { isTrivialPin, TRIVIAL_PIN_MESSAGE } from './pin.ts';
import { userCreate, userUpdate } from './users.ts';

describe('trivial PINs', () => {
  it.each([
    '0000',
    '1111',
    '999999',
    '1234',
    '123456',
    '456789',
    '4321',
    '987654',
    '654321',
    // Runs wrap 9 → 0 (the keypad's number row).
    '7890',
    '8901',
    '901234',
    '1098',
    '0987',
    '3210',
  ])('refuses %s', (value) => {
    expect(isTrivialPin(value)).toBe(true);
    const result = pin.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([TRIVIAL_PIN_MESSAGE]);
  });

  it.each(['4826', '1235', '1243', '2580', '1357', '8642', '112233', '121212', '0001', '9870'])(
    'accepts %s',
    (value) => {
      expect(isTrivialPin(value)).toBe(false);
      expect(pin.safeParse(value).success).toBe(true);
    },
  );

  it('counts exactly 30 trivial four-digit PINs (10 repeated, 10 ascending, 10 descending)', () => {
    const all = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0'));
    expect(all.filter(isTrivialPin)).toHaveLength(30);
  });

  it('a PIN of the wrong shape gets only the shape message', () => {
    for (const value of ['12', '1234567', '12a4']) {
      expect(pin.safeParse(value).error?.issues.map((i) => i.message)).toEqual([
        'El PIN debe ser de 4 a 6 dígitos',
      ]);
    }
  });

  it('every schema that sets a PIN refuses a trivial one, naming the field', () => {
    const base = {
      name: 'Ana',
      lastName: 'Gómez',
      username: 'ana@prestaya.mx',
      password: 'secreto123',
      roles: ['ROLE_USER'],
    };
    for (const result of [
      userCreate.safeParse({ ...base, pin: '1234' }),
      userUpdate.safeParse({ ...base, status: 'A', pin: '0000' }),
      registerRequest.safeParse({ ...base, pin: '987654' }),
    ]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['pin', TRIVIAL_PIN_MESSAGE],
      ]);
    }
    expect(userUpdate.safeParse({ ...base, status: 'A' }).success).toBe(true);
  });
});
