/**
 * The loan's payment reference ('Referencia de pago'): its number followed by two check digits of
 * ISO 7064 MOD 97-10, the scheme of the IBAN. Chosen because it detects every single-digit error and
 * every transposition of adjacent digits (Luhn misses 09↔90; Verhoeff has one digit but is harder to
 * check by hand). The borrower types it into the transfer's concept; reconciliation finds it in free
 * text (spaces and dashes tolerated) and trusts a match whose check digits are right.
 */

const MOD = 97n;

/** The two check digits of a loan number: 98 − (num·100 mod 97), as two digits. */
export function referenceCheckDigits(loanNum: number): string {
  if (!Number.isSafeInteger(loanNum) || loanNum <= 0)
    throw new RangeError('loanNum must be a positive integer');
  const check = 98n - ((BigInt(loanNum) * 100n) % MOD);
  return check.toString().padStart(2, '0');
}

/** The reference as digits only: `1000` → `100008`. */
export function paymentReference(loanNum: number): string {
  return `${loanNum}${referenceCheckDigits(loanNum)}`;
}

/** The reference as shown to people, number and check digits apart: `1000-08`. */
export function formatPaymentReference(loanNum: number): string {
  return `${loanNum}-${referenceCheckDigits(loanNum)}`;
}

/** The loan number of a reference written with or without spaces/dashes, or null when its check digits fail. */
export function parsePaymentReference(text: string): number | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^[1-9]\d{2,11}$/.test(digits)) return null;
  if (BigInt(digits) % MOD !== 1n) return null;
  const loanNum = Number(digits.slice(0, -2));
  return loanNum > 0 ? loanNum : null;
}

/**
 * Every loan number whose valid reference appears in a free text (a transfer's concept): in each run of
 * digits joined by single spaces or dashes, every stretch of one to three groups is tried, so
 * `PAGO 1000 08 3` and `ref:1000-08, semana 3` are both found.
 */
export function findPaymentReferences(text: string): number[] {
  const found = new Set<number>();
  for (const run of text.match(/\d+(?:[ -]\d+)*/g) ?? []) {
    const words = run.split(/[ -]/);
    for (let start = 0; start < words.length; start++) {
      for (let end = start + 1; end <= Math.min(words.length, start + 3); end++) {
        const loanNum = parsePaymentReference(words.slice(start, end).join(''));
        if (loanNum !== null) found.add(loanNum);
      }
    }
  }
  return [...found];
}

/** Whether a loan number appears in a text as a number of its own (not inside a longer run of digits). */
export function mentionsLoanNumber(text: string, loanNum: number): boolean {
  return new RegExp(`(?<!\\d)${loanNum}(?!\\d)`).test(text);
}
