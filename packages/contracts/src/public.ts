import { FEE_STATUSES, LOAN_STATUSES, PAYMENT_METHODS, SCHEDULED_PAYMENT_STATUSES } from './labels.ts';
import { z } from './zod.ts';

/** `GET /public/api/v1/loans/search?num=&phone=`: both must match (domain.md "People and access"). */
export const publicLookupQuery = z.object({
  num: z.coerce
    .number({ error: 'Número de préstamo inválido' })
    .int('Número de préstamo inválido')
    .min(1, 'Número de préstamo inválido')
    .max(2_147_483_647, 'Número de préstamo inválido'),
  phone: z
    .string({ error: 'Tel. debe ser de 10 dígitos' })
    .trim()
    .regex(/^\d{10}$/, 'Tel. debe ser de 10 dígitos'),
});
export type PublicLookupQuery = z.input<typeof publicLookupQuery>;

const publicInstallment = z.object({
  id: z.string(),
  paymentNumber: z.number().int(),
  concept: z.string(),
  dueDate: z.string(),
  status: z.enum(SCHEDULED_PAYMENT_STATUSES),
  amount: z.number(),
});
const publicFee = z.object({
  id: z.string(),
  concept: z.string(),
  feeDate: z.string(),
  status: z.enum(FEE_STATUSES),
  amount: z.number(),
});

/** Only what /consulta shows: no ids of agents or other customers, no phone, no CURP. */
export const publicLookupResult = z.object({
  loan: z.object({
    id: z.string(),
    num: z.number().int(),
    name: z.string(),
    lastName: z.string(),
    secondLastName: z.string().nullable(),
  }),
  pendingPayments: z.object({
    scheduledPayments: z.array(publicInstallment),
    fees: z.array(publicFee),
    total: z.number(),
  }),
});
export type PublicLookupResult = z.infer<typeof publicLookupResult>;

/** The statement page (/loans/{id}). */
export const publicLoanDetail = z.object({
  loan: z.object({
    id: z.string(),
    num: z.number().int(),
    amount: z.number(),
    totalToRepay: z.number(),
    currentBalance: z.number(),
    requestDate: z.string(),
    approvedOn: z.string().nullable(),
    activatedOn: z.string().nullable(),
    status: z.enum(LOAN_STATUSES),
    customer: z.object({ name: z.string(), lastName: z.string(), secondLastName: z.string().nullable() }),
  }),
  fees: z.array(publicFee),
  schedulePayments: z.array(publicInstallment),
});
export type PublicLoanDetail = z.infer<typeof publicLoanDetail>;

/** Payment method codes of the public form (spec 4): 0 is cash, 1 is transfer; the names are accepted too. */
export const publicPaymentMethod = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.enum(PAYMENT_METHODS)], {
    error: 'Seleccione el método de pago',
  })
  .transform((v) => (v === 0 || v === '0' ? 'CASH' : v === 1 || v === '1' ? 'TRANSFER' : v));

export const publicPaymentRequest = z.object({
  scheduledPaymentIds: z
    .array(z.uuid({ error: 'Pago programado inválido' }))
    .max(200)
    .default([]),
  feeIds: z
    .array(z.uuid({ error: 'Multa inválida' }))
    .max(200)
    .default([]),
  paymentMethod: publicPaymentMethod,
});
export type PublicPaymentRequest = z.input<typeof publicPaymentRequest>;

/** `Authorization: Basic base64(userNum:pin)` — the agent who authorises a public payment. */
export function agentCredentialHeader(userNum: string | number, pin: string): string {
  // Digits and ':' only, so btoa (browsers and Node 20) is safe.
  return `Basic ${btoa(`${userNum}:${pin}`)}`;
}
