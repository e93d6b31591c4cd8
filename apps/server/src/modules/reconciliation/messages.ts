/** Audit entities of reconciliation; the payment's own confirmation is audited by payments/decide.ts. */
export const STATEMENT_MAPPING_AUDIT_ENTITY = 'statement_mapping';
export const STATEMENT_UPLOAD_AUDIT_ENTITY = 'bank_statement';
export const STATEMENT_LINE_AUDIT_ENTITY = 'statement_line';

/** Why a chosen pair was left alone by 'Confirmar seleccionados'. */
export const SKIP_REASONS = {
  lineNotInStatement: 'La línea no es de este estado de cuenta',
  lineUsed: 'La línea ya fue conciliada',
  lineNotCredit: 'La línea es un cargo, no un abono',
  paymentNotFound: 'Pago no encontrado',
  paymentNotValidating: 'El pago ya no está en validación (se confirmó o rechazó mientras tanto)',
  paymentNotTransfer: 'El pago no es por transferencia',
  amountDiffers: 'El importe de la línea y el del pago no coinciden',
  duplicate: 'El par se repite en la selección',
} as const;

export const CELL_PROBLEMS = {
  date: 'la fecha no es válida para el formato elegido',
  amount: 'el importe no es un número con a lo más dos decimales',
  direction: 'use Abono o Cargo para el tipo de movimiento',
} as const;
