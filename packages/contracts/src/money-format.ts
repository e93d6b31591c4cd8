/**
 * The money conversions and format live with the other pure rules (@prestaya/domain); the contracts
 * re-export them so a form, a schema and the borrower pages (`@prestaya/contracts/plain`, no zod) all
 * use the same ones.
 */
export { centsToPesos, formatCents, formatPesos, MAX_CENTS, pesosToCents } from '@prestaya/domain';
