import { curpCheckDigit } from '@prestaya/domain';

// Unique data per run, so that journeys sharing one database (and reruns) never collide.

const SYLLABLES = ['ra', 'mo', 'li', 'ta', 've', 'no', 'si', 'ga', 'lu', 'de', 'pa', 'ro'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Digits of the current time and a random tail: a suffix for names, phones and CURPs. */
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A made-up, accent-free given name such as 'Ramoli', unique enough to find one customer. */
export function uniqueWord(syllables = 4): string {
  const word = Array.from({ length: syllables }, () => pick(SYLLABLES)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A random 10-digit phone number starting with `prefix`. */
export const randomPhone = (prefix = '55') =>
  `${prefix}${Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).join('')}`;

const CONSONANTS = 'BCDFGHJKLMNPQRSTVWXYZ';

/**
 * A valid CURP of an adult (born 1950–1999) for a number: the number picks the birth date, the three
 * inner consonants and the homoclave digit (about 1.7 thousand million distinct), RENAPO's check digit
 * closes it. `letters` (up to 4, digits read as A–J) start it, padded with `pad`.
 */
function curpFromNumber(letters: string, n: bigint, pad: string): string {
  const start = letters
    .toUpperCase()
    .replace(/[0-9]/g, (digit) => String.fromCharCode(65 + Number(digit)))
    .replace(/[^A-Z]/g, pad)
    .padEnd(4, pad)
    .slice(0, 4);
  const take = (base: number) => {
    const value = Number(n % BigInt(base));
    n /= BigInt(base);
    return value;
  };
  const days = take(50 * 12 * 28);
  const day = String((days % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(days / 28) % 12) + 1).padStart(2, '0');
  const year = String(50 + Math.floor(days / 336));
  const consonants = [take(21), take(21), take(21)].map((i) => CONSONANTS.charAt(i)).join('');
  const first17 = `${start}${year}${month}${day}HDF${consonants}${take(10)}`;
  return `${first17}${curpCheckDigit(first17)}`;
}

export const randomCurp = () =>
  curpFromNumber(
    Array.from({ length: 4 }, () => pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'])).join(''),
    BigInt(unique()),
    'X',
  );

/** A valid CURP starting with `letters` and unique for the suffix `id` (`unique()`). */
export const curpOf = (letters: string, id: string, pad = 'X') =>
  curpFromNumber(letters, BigInt(id.replace(/\D/g, '') || '0'), pad);

/** A unique e-mail per test run so journeys never collide on the shared database. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@prestaya.mx`;
}
