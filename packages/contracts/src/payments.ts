import {
  ABONO_MIN_CENTS,
  MAX_PAYMENT_FEES,
  MAX_PAYMENT_INSTALLMENTS,
  PAYMENT_DECISIONS,
  PAYMENT_KINDS,
} from '@prestaya/domain';
import { datedListExportQuery, datedListQuery, numbered, personName, staffName } from './common.ts';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts';
import { FEE_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './labels.ts';
import { withStatusFilter } from './list-filters.ts';
import { scheduledPayment } from './loans.ts';
import { formatCents, pesos } from './money.ts';
import { requiredText } from './text.ts';
import { z } from './zod.ts';

/**
 * Why an administrator rejected a payment or cancelled a fine: required, kept on the row and in the
 * audit trail, and shown to whoever sees the payment or the fine (the agent too).
 */
export const REASON_MIN = 3;
export const REASON_MAX = 300;
export const decisionReason = requiredText({ label: 'El motivo', min: REASON_MIN, max: REASON_MAX });

export const fee = z.object({
  id: z.string(),
  feeDate: z.string(),
  concept: z.string(),
  amount: z.number(),
  status: z.enum(FEE_STATUSES),
  scheduledPaymentId: z.string(),
  /** Why it was cancelled (forgiven); null unless CANCELLED. */
  cancelReason: z.string().nullable(),
  /** What confirmed abonos paid of it; absent when 0. */
  paid: z.number().optional(),
  /** What abonos awaiting confirmation hold of it; absent when 0. */
  held: z.number().optional(),
});
export type Fee = z.infer<typeof fee>;

/** `GET /loans/{id}/pending-payments`: what can be paid now; `total` = every pending fee + every installment listed. */
export const pendingPayments = z.object({
  scheduledPayments: z.array(scheduledPayment),
  fees: z.array(fee),
  total: z.number(),
});
export type PendingPayments = z.infer<typeof pendingPayments>;

/** Why a list is too long: a payment lists at most what a loan can owe (@prestaya/domain payment-items.ts). */
export const TOO_MANY_INSTALLMENTS_MESSAGE = `Demasiados pagos programados en un pago: a lo más ${MAX_PAYMENT_INSTALLMENTS.toLocaleString('en-US')}`;
export const TOO_MANY_FEES_MESSAGE = `Demasiadas multas en un pago: a lo más ${MAX_PAYMENT_FEES.toLocaleString('en-US')}`;

/** Installment or fee ids, bounded by what one loan can owe of them. */
export const paymentItemIds = (message: string, items: 'installments' | 'fees') =>
  z
    .array(z.uuid({ error: message }), { error: message })
    .max(
      items === 'installments' ? MAX_PAYMENT_INSTALLMENTS : MAX_PAYMENT_FEES,
      items === 'installments' ? TOO_MANY_INSTALLMENTS_MESSAGE : TOO_MANY_FEES_MESSAGE,
    );

export const PAYOFF_WITH_OTHERS_MESSAGE =
  'La liquidación paga todo lo pendiente: no indique conceptos ni monto de abono';

export const ABONO_WITH_ITEMS_MESSAGE = 'Indique los conceptos a pagar o el monto del abono, no ambos';

/** An abono's amount: pesos with at most two decimals, at least $1 (ABONO_MIN_CENTS). */
export const abonoPesos = pesos.refine(
  (n) => Math.round(n * 100) >= ABONO_MIN_CENTS,
  `El abono debe ser de al menos ${formatCents(ABONO_MIN_CENTS)}`,
);

export const COLLECTED_AT_MESSAGE =
  'Hora de cobro inválida: use fecha y hora ISO 8601 con zona, p. ej. 2026-03-18T14:34:00Z';

/**
 * The `paymentRequest` part of a payment registration (docs/product.md §3 "Payment request"). The server computes
 * the amount from the ids; it never receives one. `collectedAt` (staff only, optional): when the cash was
 * taken, for a collection sent later (a phone without signal); the server keeps it as the payment's
 * business date if it is not ahead of its clock beyond a small skew nor older than a few days
 * (COLLECTED_AT_MAX_SKEW_MINUTES, COLLECTED_AT_MAX_AGE_DAYS), and uses the moment it registers it without one.
 */
export const paymentRequest = z
  .object({
    scheduledPaymentIds: paymentItemIds('Pago programado inválido', 'installments').default([]),
    feeIds: paymentItemIds('Multa inválida', 'fees').default([]),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Seleccione el método de pago: CASH o TRANSFER' }),
    collectedAt: z
      .string()
      .max(40, COLLECTED_AT_MESSAGE)
      .pipe(z.iso.datetime({ offset: true, error: COLLECTED_AT_MESSAGE }))
      .optional()
      .describe('Cuándo se cobró (ISO 8601); sin él, el momento del registro'),
    abono: abonoPesos
      .optional()
      .describe(
        'Abono: un monto en pesos en lugar de conceptos; paga las multas pendientes y luego los pagos, ' +
          'los más antiguos primero, y el último que alcanza queda pagado en parte',
      ),
    payoff: pesos
      .optional()
      .describe(
        'Liquidación anticipada: el total de la cotización del día (GET /loans/{id}/payoff-quote), ' +
          'exacto; paga todo lo pendiente con el descuento del producto',
      ),
  })
  .refine((v) => v.abono === undefined || (v.scheduledPaymentIds.length === 0 && v.feeIds.length === 0), {
    path: ['abono'],
    message: ABONO_WITH_ITEMS_MESSAGE,
  })
  .refine(
    (v) =>
      v.payoff === undefined ||
      (v.abono === undefined && v.scheduledPaymentIds.length === 0 && v.feeIds.length === 0),
    { path: ['payoff'], message: PAYOFF_WITH_OTHERS_MESSAGE },
  );
export type PaymentRequest = z.input<typeof paymentRequest>;

/**
 * The headers of a payment registration: an optional `Idempotency-Key` (idempotency.ts). Loose, so the
 * request keeps every other header (the multipart type, the agent's credential).
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'Debe tener de 8 a 100 letras, dígitos, "-" o "_"')
    .optional()
    .describe(
      'Clave aleatoria por pago: repetir la misma solicitud con la misma clave devuelve la primera respuesta (24 h).',
    ),
});

/** The public payment's headers: the lookup proof (`proof` of the lookup reply) and Idempotency-Key. */
export const publicPaymentHeaders = idempotencyHeaders.extend({
  'x-lookup-proof': z
    .string()
    .max(100, 'Máximo 100 caracteres')
    .optional()
    .describe('`proof` de la consulta del préstamo (número y teléfono); válida 30 minutos.'),
});

export const paymentListItem = z.object({
  id: z.string(),
  /** 'ITEMS' (ticked installments and fees) or 'ABONO' (an amount); absent on replies stored before. */
  kind: z.enum(PAYMENT_KINDS).optional(),
  /** When the server registered it. */
  createdOn: z.string(),
  /** When it was collected: its business date ('Corte de caja', reports); createdOn unless sent later. */
  collectedAt: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  bankAccount: z.object({ id: z.string(), name: z.string() }).nullable(),
  loan: z.object({ ...numbered, customer: z.object({ id: z.string(), ...staffName }) }),
  /** Registered on a written-off loan: a recovery ('Recuperación', docs/product.md "Castigo"). */
  recovery: z.boolean(),
});
export type PaymentListItem = z.infer<typeof paymentListItem>;

export const PAYMENT_LINE_TYPES = ['Pago', 'Multa'] as const;

export const paymentDetails = z.object({
  payment: paymentListItem.extend({
    customer: z.object({ id: z.string(), ...personName }),
    registeredBy: z.object({ num: z.number().int(), ...staffName }).nullable(),
    /** Why an administrator rejected it; null unless REJECTED. */
    rejectionReason: z.string().nullable(),
  }),
  /** Concept lines: 'Pago' (date = due date) or 'Multa' (date = fee date). */
  lines: z.array(
    z.object({
      concept: z.string(),
      amount: z.number(),
      type: z.enum(PAYMENT_LINE_TYPES),
      date: z.string(),
      /** What remained of the installment or fine after this line; > 0 when it paid only part of it. */
      remainingAfter: z.number().optional(),
      /** An early payoff's discount on the item (interest not yet due waived); absent when 0. */
      discount: z.number().optional(),
    }),
  ),
  /** Proof images, each with a short-lived signed link usable in an <img>. */
  attachments: z.array(z.object({ id: z.string(), uri: z.string(), contentType: z.string() })),
  totals: z.object({ scheduledPayments: z.number(), fees: z.number(), total: z.number() }),
  /**
   * What the loan still owed once this payment (and the confirmed ones registered before it) covered
   * its lines; null for a rejected or cancelled payment, which covered nothing.
   */
  balanceAfter: z.number().nullable(),
  /** An early payoff ('Liquidación anticipada'): the discount its lines waived, beside the cash. */
  payoffDiscount: z.number().optional(),
});
export type PaymentDetails = z.infer<typeof paymentDetails>;

/**
 * `PATCH /payments/{id}`: confirm into an account, or reject with a reason. A reason with PAID is
 * refused rather than dropped: a confirmation has nothing to explain, and a client sending one has
 * mixed up the two decisions.
 */
export const paymentStatusUpdate = z
  .object({
    status: z.enum(PAYMENT_DECISIONS, { error: 'Estatus inválido: use PAID o REJECTED' }),
    targetAccountId: z.uuid({ error: 'Seleccione la cuenta donde ingresó el pago' }).nullish(),
    reason: decisionReason.optional(),
  })
  .refine((v) => v.status !== 'PAID' || !!v.targetAccountId, {
    path: ['targetAccountId'],
    message: 'Seleccione la cuenta donde ingresó el pago',
  })
  .refine((v) => v.status !== 'REJECTED' || v.reason !== undefined, {
    path: ['reason'],
    message: 'El motivo es requerido',
  })
  .refine((v) => v.status !== 'PAID' || v.reason === undefined, {
    path: ['reason'],
    message: 'El motivo solo se indica al rechazar el pago',
  });
export type PaymentStatusUpdate = z.input<typeof paymentStatusUpdate>;

/** `PUT /loans/{id}/fees/{feeId}/cancel`: forgive a pending fine, saying why. */
export const feeCancellation = z.object({ reason: decisionReason });
export type FeeCancellation = z.input<typeof feeCancellation>;

/** Upload rules (docs/architecture.md "Payments"): one image, by content, at most 10 MB. */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
export const PROOF_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

export const PAYMENT_ORDER_COLUMNS = ['createdOn', 'amount', 'status'] as const;

/** Query of 'Pagos Recibidos' (`q`: a payment status, `from`/`to`: dates) and of its CSV export. */
export const paymentListQuery = withStatusFilter(datedListQuery, PAYMENT_STATUSES);
export const paymentExportQuery = withStatusFilter(datedListExportQuery, PAYMENT_STATUSES);
export type PaymentListQuery = z.output<typeof paymentListQuery>;
