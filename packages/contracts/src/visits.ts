import { PROMISE_MAX_DAYS } from '@prestaya/domain';
import { isoDate, staffName } from './common.ts';
import { PROMISE_OUTCOMES, VISIT_OUTCOMES } from './labels.ts';
import { positivePesos } from './money.ts';
import { optionalText } from './text.ts';
import { z } from './zod.ts';

export { PROMISE_MAX_DAYS };

/** Longest note an agent types about a visit. */
export const VISIT_NOTE_MAX = 300;

/** How many of a loan's or customer's visits a history shows, newest first. */
export const VISIT_HISTORY_LIMIT = 100;

export const visitNote = optionalText({ label: 'La nota', feminine: true, max: VISIT_NOTE_MAX });

/**
 * `POST /loans/{loanId}/visits`: what happened at the customer's door, recorded on the phone (offline
 * too, sent later with the same Idempotency-Key). `visitedAt` is the phone's moment (ISO 8601 with
 * its offset): within the limits of a collection's `collectedAt` (by default at most 5 minutes ahead of
 * the server, at most 7 days old). A promise ('PROMISE') needs
 * `promisedDate` (the visit's business day to 30 days after) and `promisedAmount` (1 centavo to the
 * loan's balance); the other outcomes take neither. The server checks the dates and the balance.
 */
export const visitRequest = z
  .object({
    outcome: z.enum(VISIT_OUTCOMES, { error: 'Resultado inválido: use NOT_HOME, PROMISE o REFUSED' }),
    visitedAt: z.iso.datetime({
      offset: true,
      error: 'Fecha y hora inválidas, use ISO 8601 (AAAA-MM-DDTHH:MM:SSZ)',
    }),
    promisedDate: isoDate.nullish().transform((v) => v ?? null),
    promisedAmount: positivePesos.nullish().transform((v) => v ?? null),
    note: visitNote,
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'PROMISE') {
      if (v.promisedDate === null) {
        ctx.addIssue({ code: 'custom', path: ['promisedDate'], message: 'Indique la fecha de la promesa' });
      }
      if (v.promisedAmount === null) {
        ctx.addIssue({ code: 'custom', path: ['promisedAmount'], message: 'Indique el monto prometido' });
      }
      return;
    }
    for (const field of ['promisedDate', 'promisedAmount'] as const) {
      if (v[field] !== null) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Solo una promesa de pago lleva fecha y monto',
        });
      }
    }
  });
export type VisitRequest = z.input<typeof visitRequest>;

/** Where a promise stands (packages/domain `promiseOutcome`): kept, pending or broken, and what was paid. */
export const promiseStanding = z.object({
  outcome: z.enum(PROMISE_OUTCOMES),
  /** The loan's payments from the visit to the end of the promised day, pesos. */
  collected: z.number(),
});

/** One recorded visit. */
export const visit = z.object({
  id: z.string(),
  loan: z.object({ id: z.string(), num: z.number().int() }),
  customerId: z.string(),
  /** Who made the visit. */
  agent: z.object({ id: z.string(), num: z.number().int(), ...staffName }),
  outcome: z.enum(VISIT_OUTCOMES),
  /** The moment on the phone (ISO 8601, UTC). */
  visitedAt: z.string(),
  promisedDate: z.string().nullable(),
  promisedAmount: z.number().nullable(),
  note: z.string().nullable(),
  /** When the server recorded it. */
  createdOn: z.string(),
  /** A promise's standing today; null for the other outcomes. */
  promise: promiseStanding.nullable(),
});
export type Visit = z.infer<typeof visit>;

/** What a 'Cobranza' card says of a visit: its outcome, moment, promise and note. */
export const visitSummary = z.object({
  outcome: z.enum(VISIT_OUTCOMES),
  visitedAt: z.string(),
  promisedDate: z.string().nullable(),
  promisedAmount: z.number().nullable(),
  note: z.string().nullable(),
});
export type VisitSummary = z.infer<typeof visitSummary>;
