/**
 * A payment's folio, the reference a borrower keeps and a receipt prints: the loan number and the
 * random tail of the payment's UUIDv7 (unique, short, readable aloud, not guessable by counting).
 */
export function paymentFolio(loanNum: number, paymentId: string): string {
  return `${loanNum}-${paymentId.replace(/-/g, '').slice(-8).toUpperCase()}`;
}
