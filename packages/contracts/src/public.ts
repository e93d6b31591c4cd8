import { PAYMENT_REQUEST_STATUSES } from '@prestaya/domain';
import { numbered, personName } from './common.ts';
import {
  FEE_STATUSES,
  LOAN_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SCHEDULED_PAYMENT_STATUSES,
} from './labels.ts';
import { paymentItemIds } from './payments.ts';
import { MAX_LOAN_NUM, PHONE_PATTERN, PUBLIC_LOOKUP_MESSAGES } from './public-lookup.ts';
import { z } from './zod.ts';

export * from './public-lookup.ts';

/**
 * `GET /public/api/v1/loans/search?num=&phone=`: both must match
 * (docs/architecture.md "People and access").
 */
export const publicLookupQuery = z.object({
  num: z.coerce
    .number({ error: PUBLIC_LOOKUP_MESSAGES.num })
    .int(PUBLIC_LOOKUP_MESSAGES.num)
    .min(1, PUBLIC_LOOKUP_MESSAGES.num)
    .max(MAX_LOAN_NUM, PUBLIC_LOOKUP_MESSAGES.num),
  phone: z
    .string({ error: PUBLIC_LOOKUP_MESSAGES.phone })
    .trim()
    .regex(PHONE_PATTERN, PUBLIC_LOOKUP_MESSAGES.phone),
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

/**
 * Only what /consulta shows: no ids of agents or other customers, no phone, no CURP. The loan's status
 * tells a borrower with nothing to pay whether the loan still awaits approval or delivery.
 */
export const publicLookupResult = z.object({
  loan: z.object({
    ...numbered,
    ...personName,
    status: z.enum(LOAN_STATUSES),
    /** 'Referencia de pago' for the transfer's concept (domain payment-reference.ts). */
    paymentReference: z.string(),
  }),
  pendingPayments: z.object({
    scheduledPayments: z.array(publicInstallment),
    fees: z.array(publicFee),
    total: z.number(),
  }),
  /**
   * Proof that this client looked the loan up with its number and phone (signed, 30 minutes): a PIN
   * attempt on the loan sends it back as `X-Lookup-Proof`, or is refused before the PIN is evaluated.
   */
  proof: z.string(),
});
export type PublicLookupResult = z.infer<typeof publicLookupResult>;

/** The statement page (/loans/{id}). */
export const publicLoanDetail = z.object({
  loan: z.object({
    ...numbered,
    amount: z.number(),
    totalToRepay: z.number(),
    /** What is still owed, the items in validation included until they are confirmed. */
    currentBalance: z.number(),
    /** Installments and fines of payments still in validation (0 when none). */
    inValidation: z.number(),
    /** currentBalance once the payments in validation are confirmed. */
    balanceAfterValidation: z.number(),
    requestDate: z.string(),
    approvedOn: z.string().nullable(),
    activatedOn: z.string().nullable(),
    status: z.enum(LOAN_STATUSES),
    customer: z.object(personName),
    /** 'Referencia de pago' for the transfer's concept (domain payment-reference.ts). */
    paymentReference: z.string(),
  }),
  fees: z.array(publicFee),
  schedulePayments: z.array(publicInstallment),
});
export type PublicLoanDetail = z.infer<typeof publicLoanDetail>;

/** Payment method codes of the public form (docs/product.md §4): 0 is cash, 1 is transfer; the names are accepted too. */
export const publicPaymentMethod = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.enum(PAYMENT_METHODS)], {
    error: 'Seleccione el método de pago',
  })
  .transform((v) => (v === 0 || v === '0' ? 'CASH' : v === 1 || v === '1' ? 'TRANSFER' : v));

export const publicPaymentRequest = z.object({
  scheduledPaymentIds: paymentItemIds('Pago programado inválido', 'installments').default([]),
  feeIds: paymentItemIds('Multa inválida', 'fees').default([]),
  paymentMethod: publicPaymentMethod,
});
export type PublicPaymentRequest = z.input<typeof publicPaymentRequest>;

/**
 * `POST /public/api/v1/loans/{id}/payments` reply: what the borrower is shown and keeps, no staff data.
 * The folio and the registration instant identify the payment when the borrower asks about it.
 */
export const publicPaymentReply = z.object({
  id: z.string(),
  folio: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  createdOn: z.string(),
});
export type PublicPaymentReply = z.infer<typeof publicPaymentReply>;

/**
 * `POST /public/api/v1/loans/{id}/payment-requests` ("Pago sin PIN"): the same multipart as the public
 * payment, with the lookup proof and no PIN; the payment waits for the customer's agent, who authorises
 * it from their session.
 */
export const publicPaymentRequestReply = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  createdOn: z.string(),
});
export type PublicPaymentRequestReply = z.infer<typeof publicPaymentRequestReply>;

/** `GET /api/v1/loans/{id}/payment-requests`: the loan's public payments waiting for authorisation. */
export const paymentRequestItem = z.object({
  id: z.string(),
  loanId: z.string(),
  amount: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  scheduledPaymentIds: z.array(z.string()),
  feeIds: z.array(z.string()),
  hasProof: z.boolean(),
  createdOn: z.string(),
});
export type PaymentRequestItem = z.infer<typeof paymentRequestItem>;
