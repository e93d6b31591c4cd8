import { WRITE_OFF_MIN_DAYS_BOUNDS } from '@prestaya/domain';
import { datedListExportQuery, datedListQuery, envelope, numbered, personName, staffName } from './common.ts';
import { requiredText } from './text.ts';
import { z } from './zod.ts';

/**
 * Write-off ('Castigo', docs/product.md "Castigo"): an administrator takes a loan overdue at least the
 * policy's days out of the active portfolio, with a reason. The reason is bounded like the other
 * decisions' (3 to 300 characters) and kept on the write-off and in the audit trail.
 */
export const WRITE_OFF_REASON_MIN = 3;
export const WRITE_OFF_REASON_MAX = 300;

/** `POST /api/v1/loans/{id}/write-off`. */
export const writeOffRequest = z
  .object({
    reason: requiredText({ label: 'El motivo', min: WRITE_OFF_REASON_MIN, max: WRITE_OFF_REASON_MAX }),
  })
  .strict();
export type WriteOffRequest = z.input<typeof writeOffRequest>;

/** A write-off as 'Cartera castigada' and the loan's details show it. Money in pesos. */
export const writeOff = z.object({
  id: z.string(),
  loan: z.object({ ...numbered, amount: z.number() }),
  customer: z.object({ id: z.string(), ...personName }),
  /** What the loan still owed when it was written off (installments not paid + fines pending). */
  amountWrittenOff: z.number(),
  /** The outstanding principal of that amount. */
  principalWrittenOff: z.number(),
  daysPastDue: z.number().int(),
  reason: z.string(),
  /** The business day of the write-off (YYYY-MM-DD). */
  writtenOffOn: z.string(),
  createdOn: z.string(),
  writtenOffBy: z.object({ num: z.number().int(), ...staffName }).nullable(),
  /** Σ confirmed recovery payments. */
  recovered: z.number(),
  /** Recovery payments still in validation. */
  recoveryInValidation: z.number(),
});
export type WriteOff = z.infer<typeof writeOff>;

/** `GET /api/v1/loans/{id}/write-off`: the loan's write-off, null when it has none. */
export const loanWriteOffReply = envelope(writeOff.nullable());

export const WRITE_OFF_ORDER_COLUMNS = ['createdOn', 'amountWrittenOff'] as const;

/**
 * 'Cartera castigada' (`GET /api/v1/write-offs`) and its CSV: `query` finds the customer or the loan
 * number; `from`/`to` bound the business day of the write-off.
 */
export const writeOffListQuery = datedListQuery;
export const writeOffExportQuery = datedListExportQuery;
export type WriteOffListQuery = z.output<typeof writeOffListQuery>;

/** The totals over every write-off (not the page): what 'Cartera castigada' heads with. */
export const writeOffTotals = z.object({
  loans: z.number().int(),
  amountWrittenOff: z.number(),
  recovered: z.number(),
});
export type WriteOffTotals = z.infer<typeof writeOffTotals>;

const minDaysMessage = `Use de ${WRITE_OFF_MIN_DAYS_BOUNDS.min} a ${WRITE_OFF_MIN_DAYS_BOUNDS.max} días`;

/** `GET`/`PUT /api/v1/write-offs/settings` (administrators): the policy. */
export const writeOffSettings = z
  .object({
    minDaysPastDue: z
      .number({ error: minDaysMessage })
      .int(minDaysMessage)
      .min(WRITE_OFF_MIN_DAYS_BOUNDS.min, minDaysMessage)
      .max(WRITE_OFF_MIN_DAYS_BOUNDS.max, minDaysMessage),
  })
  .strict();
export type WriteOffSettings = z.infer<typeof writeOffSettings>;
export const writeOffSettingsReply = envelope(writeOffSettings);
export const writeOffTotalsReply = envelope(writeOffTotals);

/** How a payment on a written-off loan is named wherever payments are listed or printed. */
export const RECOVERY_LABEL = 'Recuperación';
