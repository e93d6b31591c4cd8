import {
  DECIMAL_SEPARATORS,
  MATCH_CONFIDENCES,
  MATCH_WINDOW_DAYS_BOUNDS,
  type MatchConfidence,
  STATEMENT_DATE_FORMATS,
} from '@prestaya/domain';
import { envelope, uuid } from './common.ts';
import { z } from './zod.ts';

/**
 * Bank statement reconciliation ('Conciliación', administrators): the columns of an account's
 * statement (remembered per account), an uploaded statement with its lines matched to transfer payments
 * in validation, and the bulk confirmation of the chosen pairs. Money in pesos.
 */

export const MATCH_CONFIDENCE_LABELS: Record<MatchConfidence, string> = {
  HIGH: 'Alta',
  MEDIUM: 'Media',
  LOW: 'Baja',
};

/** At most this many bytes per statement file (a year of a busy account is far below it). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows per statement file. */
export const STATEMENT_MAX_ROWS = 5_000;
/** Pairs confirmed in one 'Confirmar seleccionados'. */
export const RECONCILE_MAX_PAIRS = 500;

const columnMessage = 'Escriba la letra de la columna (A a ZZ)';
const column = z
  .string({ error: columnMessage })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,2}$/, columnMessage);
const optionalColumn = z
  .union([column, z.literal('').transform(() => null), z.null()])
  .optional()
  .transform((value) => value ?? null);

const windowMessage = `Use de ${MATCH_WINDOW_DAYS_BOUNDS.min} a ${MATCH_WINDOW_DAYS_BOUNDS.max} días`;
const headerMessage = 'Use de 0 a 20 filas de encabezado';

/** `GET`/`PUT /api/v1/reconciliation/accounts/{id}/mapping`: how to read that account's statements. */
export const statementMapping = z
  .object({
    /** Rows before the first line (titles, column names), skipped. */
    headerRows: z
      .number({ error: headerMessage })
      .int(headerMessage)
      .min(0, headerMessage)
      .max(20, headerMessage),
    dateColumn: column,
    conceptColumn: column,
    referenceColumn: optionalColumn,
    /** One signed amount column (negative = cargo)… */
    amountColumn: optionalColumn,
    /** …or a column of abonos and one of cargos. */
    creditColumn: optionalColumn,
    debitColumn: optionalColumn,
    /** Optional column saying 'Abono'/'Cargo' (then the amount is read without sign). */
    directionColumn: optionalColumn,
    dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: 'Formato de fecha: DD/MM/YYYY o YYYY-MM-DD' }),
    decimalSeparator: z.enum(DECIMAL_SEPARATORS, { error: 'Separador decimal: coma o punto' }),
    /** Days a statement date may differ from the payment's date (default 3). */
    matchWindowDays: z
      .number({ error: windowMessage })
      .int(windowMessage)
      .min(MATCH_WINDOW_DAYS_BOUNDS.min, windowMessage)
      .max(MATCH_WINDOW_DAYS_BOUNDS.max, windowMessage),
  })
  .strict()
  .superRefine((m, ctx) => {
    const single = m.amountColumn !== null;
    const split = m.creditColumn !== null && m.debitColumn !== null;
    if (single === split || (single && (m.creditColumn !== null || m.debitColumn !== null))) {
      ctx.addIssue({
        code: 'custom',
        path: ['amountColumn'],
        message: 'Indique la columna del importe, o las columnas de abonos y de cargos (no ambas)',
      });
    }
    const used = [
      m.dateColumn,
      m.conceptColumn,
      m.referenceColumn,
      m.amountColumn,
      m.creditColumn,
      m.debitColumn,
      m.directionColumn,
    ].filter((c): c is string => c !== null);
    if (new Set(used).size !== used.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['dateColumn'],
        message: 'Cada dato debe estar en una columna distinta',
      });
    }
  });
export type StatementMapping = z.output<typeof statementMapping>;
export type StatementMappingInput = z.input<typeof statementMapping>;
/** The mapping as replied (plain values: a reply schema carries no transforms). */
const columnOut = z.string().nullable();
export const statementMappingView = z.object({
  headerRows: z.number().int(),
  dateColumn: z.string(),
  conceptColumn: z.string(),
  referenceColumn: columnOut,
  amountColumn: columnOut,
  creditColumn: columnOut,
  debitColumn: columnOut,
  directionColumn: columnOut,
  dateFormat: z.enum(STATEMENT_DATE_FORMATS),
  decimalSeparator: z.enum(DECIMAL_SEPARATORS),
  matchWindowDays: z.number().int(),
});
export const statementMappingReply = envelope(statementMappingView.nullable());

export const STATEMENT_LINE_STATES = ['NEW', 'ALREADY_LOADED', 'RECONCILED'] as const;
export const STATEMENT_LINE_STATE_LABELS: Record<(typeof STATEMENT_LINE_STATES)[number], string> = {
  NEW: 'Nueva',
  ALREADY_LOADED: 'Ya cargada',
  RECONCILED: 'Ya conciliada',
};

export const statementLine = z.object({
  id: z.string(),
  /** Its row in the file. */
  row: z.number().int(),
  date: z.string(),
  concept: z.string(),
  reference: z.string(),
  amount: z.number(),
  direction: z.enum(['CREDIT', 'DEBIT']),
  state: z.enum(STATEMENT_LINE_STATES),
  /** The loan whose payment this line confirmed, when reconciled. */
  reconciledLoanNum: z.number().int().nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const paymentToReconcile = z.object({
  id: z.string(),
  loan: z.object({ id: z.string(), num: z.number().int() }),
  customerName: z.string(),
  amount: z.number(),
  /** The payment's business date (when it was collected/registered). */
  date: z.string(),
  /** The loan's 'Referencia de pago'. */
  paymentReference: z.string(),
});
export type PaymentToReconcile = z.infer<typeof paymentToReconcile>;

export const statementView = z.object({
  id: z.string(),
  bankAccount: z.object({ id: z.string(), name: z.string() }),
  fileName: z.string(),
  uploadedOn: z.string(),
  lineCount: z.number().int(),
  newLines: z.number().int(),
  alreadyLoaded: z.number().int(),
  matchWindowDays: z.number().int(),
  matches: z.array(
    z.object({ line: statementLine, payment: paymentToReconcile, confidence: z.enum(MATCH_CONFIDENCES) }),
  ),
  /** Credits with no payment to match. */
  unmatchedCredits: z.array(statementLine),
  /** Cargos: listed apart, never matched. */
  debits: z.array(statementLine),
  /** Lines of this file already reconciled (by this or an earlier upload). */
  reconciled: z.array(statementLine),
  /** Transfer payments in validation that no line of this statement matched. */
  unmatchedPayments: z.array(paymentToReconcile),
});
export type StatementView = z.infer<typeof statementView>;
export const statementViewReply = envelope(statementView);

/** `POST /api/v1/reconciliation/statements/{id}/confirm`. */
export const reconcileRequest = z
  .object({
    pairs: z
      .array(z.object({ lineId: uuid, paymentId: uuid }).strict(), {
        error: 'Seleccione los pares a confirmar',
      })
      .min(1, 'Seleccione al menos un par')
      .max(RECONCILE_MAX_PAIRS, `Confirme a lo más ${RECONCILE_MAX_PAIRS} pares a la vez`),
  })
  .strict();
export type ReconcileRequest = z.infer<typeof reconcileRequest>;

export const reconcileResult = z.object({
  confirmed: z.array(z.object({ lineId: z.string(), paymentId: z.string(), loanNum: z.number().int() })),
  /** Confirmed total, pesos. */
  confirmedAmount: z.number(),
  /** Pairs left alone, each with why (confirmed elsewhere meanwhile, line already used…). */
  skipped: z.array(z.object({ lineId: z.string(), paymentId: z.string(), reason: z.string() })),
});
export type ReconcileResult = z.infer<typeof reconcileResult>;
export const reconcileResultReply = envelope(reconcileResult);
