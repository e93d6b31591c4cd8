/** Concept of the Abono a confirmed payment records in the account's ledger. */
export const abonoReason = (loanNum: number) => `Abono préstamo #${loanNum}`;
/** The Abono of a recovery (a payment on a written-off loan, docs/product.md "Castigo"). */
export const recoveryReason = (loanNum: number) => `Recuperación préstamo castigado #${loanNum}`;

export const PAYMENT_AUDIT_ENTITY = 'payment';
export const FEE_AUDIT_ENTITY = 'fee';
/** The Abono of a renewal's payoff: settled from the new loan's amount, no cash (loans/renewal.ts). */
export const renewalPayoffReason = (loanNum: number) => `Liquidación por renovación préstamo #${loanNum}`;
