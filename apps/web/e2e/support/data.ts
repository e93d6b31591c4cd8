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

export const randomCurp = () =>
  Array.from({ length: 18 }, () => pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'])).join('');

/** An 18-character CURP made of four letters and a unique suffix (`unique()`), padded. */
export const curpOf = (letters: string, id: string, pad = 'X') =>
  `${letters}${id}`.padEnd(18, pad).slice(0, 18).toUpperCase();

/** A unique e-mail per test run so journeys never collide on the shared database. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@prestaya.mx`;
}
