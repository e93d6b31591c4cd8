import { badRequest, conflict, notFound, type RefusalEntry } from './status.ts';

/** Bank accounts, their ledger and backups (modules/bank-accounts, modules/backups). */
export const ACCOUNT_REFUSALS = {
  'bank_account.not_found': notFound('Cuenta bancaria no encontrada'),
  'bank_account.transaction_not_found': notFound('Transacción no encontrada'),
  'backup.not_found': notFound('Respaldo no encontrado'),
  'ledger.invalid_amount': badRequest('El monto debe ser mayor a 0'),
  'ledger.insufficient_balance': conflict('Saldo insuficiente: disponible {available}'),
  'ledger.exceeds_reserved': conflict('El monto excede lo reservado en la cuenta: reservado {reserved}'),
  'ledger.too_large': conflict('El saldo resultante es demasiado grande'),
} satisfies Record<string, RefusalEntry>;
