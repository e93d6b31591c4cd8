/** Concept of the first ledger row of an account. */
export const OPENING_BALANCE_REASON = 'Saldo inicial';

export const BANK_ACCOUNT_AUDIT_ENTITY = 'bank_account';
