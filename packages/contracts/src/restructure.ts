import { RESTRUCTURE_FINES, RESTRUCTURE_MAX_WEEKS, RESTRUCTURE_MIN_WEEKS } from '@prestaya/domain';
import { loan } from './loans.ts';
import { decisionReason } from './payments.ts';
import { z } from './zod.ts';

/* Restructuring ('Reestructurar', administrators): what remains of an open loan over new weekly
   installments (@prestaya/domain restructure.ts has the rule). */

export { RESTRUCTURE_FINES, RESTRUCTURE_MAX_WEEKS, RESTRUCTURE_MIN_WEEKS };

export const RESTRUCTURE_FINES_LABELS = {
  condonar: 'Condonar multas',
  incluir: 'Incluir multas en los pagos',
} as const satisfies Record<(typeof RESTRUCTURE_FINES)[number], string>;

const weeksMessage = `El número de semanas debe ser de ${RESTRUCTURE_MIN_WEEKS} a ${RESTRUCTURE_MAX_WEEKS}`;
const restructureWeeks = z.coerce
  .number({ error: weeksMessage })
  .int({ error: weeksMessage })
  .min(RESTRUCTURE_MIN_WEEKS, { error: weeksMessage })
  .max(RESTRUCTURE_MAX_WEEKS, { error: weeksMessage });
const restructureFines = z.enum(RESTRUCTURE_FINES, { error: 'Elija condonar o incluir las multas' });

/** `GET /loans/{id}/restructure-preview?fines&weeks`: the plan, nothing written. */
export const restructurePreviewQuery = z.object({ fines: restructureFines, weeks: restructureWeeks });
export type RestructurePreviewQuery = z.input<typeof restructurePreviewQuery>;

/** `POST /loans/{id}/restructure`: the same choice, with the reason the audit and the loan keep. */
export const restructureRequest = z.object({
  fines: restructureFines,
  weeks: restructureWeeks,
  reason: decisionReason,
});
export type RestructureRequest = z.input<typeof restructureRequest>;

const plannedInstallment = z.object({
  paymentNumber: z.number().int(),
  dueDate: z.string(),
  amount: z.number(),
  concept: z.string(),
});

/** The plan, in pesos: what is closed, the fines and what becomes of them, the new installments. */
export const restructurePreview = z.object({
  /** The unpaid installments the restructuring closes ('Reestructurado'). */
  closedInstallments: z.array(plannedInstallment),
  closed: z.number(),
  pendingFines: z.number().int(),
  fines: z.number(),
  condonedFines: z.number(),
  includedFines: z.number(),
  spread: z.number(),
  installments: z.array(plannedInstallment),
});
export type RestructurePreview = z.infer<typeof restructurePreview>;

/** One restructuring of a loan, as its details and statement show it. */
export const restructuring = z.object({
  id: z.string(),
  sequence: z.number().int(),
  createdOn: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string(), lastName: z.string() }).nullable(),
  reason: z.string(),
  fines: restructureFines,
  weeks: z.number().int(),
  closed: z.number(),
  condonedFines: z.number(),
  includedFines: z.number(),
  spread: z.number(),
  firstPaymentNumber: z.number().int(),
  lastPaymentNumber: z.number().int(),
});
export type Restructuring = z.infer<typeof restructuring>;

export const restructureResult = z.object({ loan, restructuring });
export type RestructureResult = z.infer<typeof restructureResult>;
