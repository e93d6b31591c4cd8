/** Concept of the Abono a confirmed payment records in the account's ledger. */
export const abonoReason = (loanNum: number) => `Abono préstamo #${loanNum}`;

export const PAYMENT_AUDIT_ENTITY = 'payment';
export const FEE_AUDIT_ENTITY = 'fee';
