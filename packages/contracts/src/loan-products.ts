import { PRODUCT_BOUNDS } from '@prestaya/domain';
import { envelope } from './common.ts';
import { pesos } from './money.ts';
import { requiredText } from './text.ts';
import { z } from './zod.ts';

/**
 * Loan products (`/api/v1/loan-products`, docs/architecture.md "Loan products"). Money in pesos, shares
 * in percent with at most two decimals (a basis point each), so 20 % is `20` and 12.5 % is `12.5`.
 */

const b = PRODUCT_BOUNDS;

/** A percentage with at most two decimals, within [min, max]; a basis point is 0.01 %. */
function percent(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} debe ser un porcentaje` })
    .refine(Number.isFinite, `${label} debe ser un porcentaje`)
    .refine((n) => Math.round(n * 100) / 100 === n, `${label} admite como máximo 2 decimales`)
    .refine((n) => n >= min && n <= max, `${label} debe estar entre ${min} % y ${max} %`);
}

function wholeNumber(label: string, min: number, max: number, unit: string) {
  return z
    .number({ error: `${label} debe ser un número entero` })
    .int(`${label} debe ser un número entero`)
    .min(min, `${label} debe ser de ${min} a ${max} ${unit}`)
    .max(max, `${label} debe ser de ${min} a ${max} ${unit}`);
}

const pesosBetween = (label: string, minCents: number, maxCents: number) =>
  pesos.refine(
    (n) => Math.round(n * 100) >= minCents && Math.round(n * 100) <= maxCents,
    `${label} debe estar entre $${(minCents / 100).toLocaleString('en-US')} y $${(maxCents / 100).toLocaleString('en-US')}`,
  );

/** The fields an administrator sets; create and edit send all of them. */
const productFields = {
  name: requiredText({ label: 'El nombre', max: 60 }),
  termWeeks: wholeNumber('El plazo', b.termWeeks.min, b.termWeeks.max, 'semanas'),
  interestPercent: percent('El interés', b.interestBp.min / 100, b.interestBp.max / 100),
  dailyFee: pesosBetween('La multa diaria', b.dailyFeeCents.min, b.dailyFeeCents.max),
  lateFeeCapPercent: percent('El tope de multas', b.lateFeeCapBp.min / 100, b.lateFeeCapBp.max / 100),
  minAmount: pesosBetween('El monto mínimo', b.amountCents.min, b.amountCents.max),
  maxAmount: pesosBetween('El monto máximo', b.amountCents.min, b.amountCents.max),
  renewalThreshold: wholeNumber('La renovación', 1, b.termWeeks.max, 'pagos'),
  payoffDiscountPercent: percent(
    'El descuento por liquidación anticipada',
    b.payoffDiscountBp.min / 100,
    b.payoffDiscountBp.max / 100,
  ),
};

/** Runs only when every field passed its own checks, so one value gets one message. */
const afterFieldChecks = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** `POST /api/v1/loan-products` and `PUT /api/v1/loan-products/{id}` (administrators). */
export const loanProductInput = z
  .object(productFields)
  .strict()
  .refine((value) => value.minAmount <= value.maxAmount, {
    path: ['maxAmount'],
    message: 'El monto máximo no puede ser menor que el mínimo',
    ...afterFieldChecks,
  })
  .refine((value) => value.renewalThreshold <= value.termWeeks, {
    path: ['renewalThreshold'],
    message: 'La renovación no puede pedir más pagos que el plazo',
    ...afterFieldChecks,
  });
export type LoanProductInput = z.input<typeof loanProductInput>;

/** `PATCH /api/v1/loan-products/{id}`: activate or deactivate (the last active product stays active). */
export const loanProductActive = z
  .object({ active: z.boolean({ error: 'Indique si el producto está activo' }) })
  .strict();
export type LoanProductActive = z.input<typeof loanProductActive>;

export const loanProduct = z.object({
  id: z.string(),
  name: z.string(),
  termWeeks: z.number().int(),
  interestPercent: z.number(),
  dailyFee: z.number(),
  lateFeeCapPercent: z.number(),
  minAmount: z.number(),
  maxAmount: z.number(),
  renewalThreshold: z.number().int(),
  payoffDiscountPercent: z.number(),
  active: z.boolean(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type LoanProduct = z.infer<typeof loanProduct>;

/** At most this many products exist (the list is one reply, never paged). */
export const MAX_LOAN_PRODUCTS = 100;

export const loanProductList = envelope(z.array(loanProduct));
