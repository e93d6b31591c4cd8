import { datedListExportQuery, datedListQuery, uuid } from './common.ts';
import { ACCOUNT_OPERATION_TYPES } from './labels.ts';
import { withOperationTypeFilter } from './list-filters.ts';
import { pesos, positivePesos } from './money.ts';
import { requiredText } from './text.ts';
import { z } from './zod.ts';

/**
 * CLABE check digit (Banxico): weights 3, 7, 1 repeating over the first 17 digits; each product is
 * taken mod 10, and the check digit is (10 − (sum mod 10)) mod 10.
 */
export function isValidClabe(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * (weights[i % 3] ?? 0)) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/** Blank → null: a cash box has neither card nor CLABE. */
const blankToNull = (v: string | null | undefined) => (v ? v : null);

export const bankAccountCreate = z.object({
  name: requiredText({ label: 'El nombre', max: 80 }),
  bankName: requiredText({ label: 'El banco', max: 80 }),
  cardNumber: z
    .string()
    .trim()
    .regex(/^(\d{16})?$/, 'La tarjeta debe ser de 16 dígitos')
    .nullish()
    .transform(blankToNull),
  clabe: z
    .string()
    .trim()
    .regex(/^(\d{18})?$/, 'La CLABE debe ser de 18 dígitos')
    .refine((v) => v === '' || isValidClabe(v), 'La CLABE no es válida (dígito verificador incorrecto)')
    .nullish()
    .transform(blankToNull),
  customerName: requiredText({ label: 'El titular', max: 120 }),
  balance: pesos.refine((n) => n >= 0, 'El saldo inicial no puede ser negativo').default(0),
});
export type BankAccountCreate = z.input<typeof bankAccountCreate>;

const reason = requiredText({ label: 'El concepto', max: 200 });

/** `{withdrawal, reason}` or `{deposit, reason}` (docs/product.md §3 "Withdrawal / deposit request"). */
export const accountMovement = z.union([
  z.object({ withdrawal: positivePesos, reason }).strict(),
  z.object({ deposit: positivePesos, reason }).strict(),
]);
export type AccountMovement = z.infer<typeof accountMovement>;

export const bankAccount = z.object({
  id: z.string(),
  name: z.string(),
  bankName: z.string(),
  cardNumber: z.string().nullable(),
  clabe: z.string().nullable(),
  customerName: z.string(),
  /** Available: real balance minus reservations of approved loans not yet delivered. */
  balance: z.number(),
  /** The money actually in the account. */
  realBalance: z.number(),
  createdOn: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const accountTransaction = z.object({
  id: z.string(),
  createdOn: z.string(),
  operationType: z.enum(ACCOUNT_OPERATION_TYPES),
  amount: z.number(),
  initialBalance: z.number(),
  initialRealBalance: z.number(),
  endBalance: z.number(),
  endRealBalance: z.number(),
  reason: z.string().nullable(),
});
export type AccountTransaction = z.infer<typeof accountTransaction>;

export const BANK_ACCOUNT_ORDER_COLUMNS = [
  'name',
  'bankName',
  'balance',
  'realBalance',
  'createdOn',
] as const;

export const transactionParams = z.object({ id: uuid, transactionId: uuid });

/** Query of an account's ledger (`q`: an operation type, `from`/`to`: dates) and of its CSV export. */
export const accountTransactionListQuery = withOperationTypeFilter(datedListQuery, ACCOUNT_OPERATION_TYPES);
export const accountTransactionExportQuery = withOperationTypeFilter(
  datedListExportQuery,
  ACCOUNT_OPERATION_TYPES,
);
export type AccountTransactionListQuery = z.output<typeof accountTransactionListQuery>;
