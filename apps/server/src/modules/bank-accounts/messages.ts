/** Spanish texts of the bank-accounts module (shown to users as problem `detail`). */
export const BANK_ACCOUNT_MESSAGES = {
  notFound: 'Cuenta bancaria no encontrada',
  transactionNotFound: 'Transacción no encontrada',
  openingBalanceReason: 'Saldo inicial',
  invalidAmount: 'Monto inválido',
} as const;

export const BANK_ACCOUNT_AUDIT_ENTITY = 'bank_account';
