import {
  CASH_COUNT_KINDS,
  CASH_DENOMINATIONS,
  type CashCountKind,
  DENOMINATION_KEYS,
  type DenominationKey,
  MAX_CENTS,
  MAX_PIECES_PER_DENOMINATION,
  sumDenominations,
} from '@prestaya/domain';
import { isoDate, numbered, paged, staffName } from './common.ts';
import { pesos } from './money.ts';
import { optionalText } from './text.ts';
import { z } from './zod.ts';

export { CASH_COUNT_KINDS, CASH_DENOMINATIONS, type CashCountKind, type DenominationKey };

/** 'Faltante' / 'Sobrante': the kind of a count's difference. */
export const CASH_COUNT_KIND_LABELS: Record<CashCountKind, string> = {
  FALTANTE: 'Faltante',
  SOBRANTE: 'Sobrante',
};

/** How a screen names each denomination: 'Billete $1,000', 'Moneda $0.50'. */
export const DENOMINATION_LABELS = Object.fromEntries(
  CASH_DENOMINATIONS.map(({ key, cents, kind }) => {
    const pesosText = cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : `$0.${cents % 100}`;
    return [key, `${kind === 'BILL' ? 'Billete' : 'Moneda'} ${pesosText}`];
  }),
) as Record<DenominationKey, string>;

/** Longest note of a count (why the cash differs). */
export const CASH_COUNT_NOTE_MAX = 300;

const pieces = z
  .number({ error: 'Debe ser una cantidad de piezas' })
  .int('Debe ser un número entero de piezas')
  .min(0, 'No puede ser negativo')
  .max(
    MAX_PIECES_PER_DENOMINATION,
    `Como máximo ${MAX_PIECES_PER_DENOMINATION.toLocaleString('en-US')} piezas`,
  );

/** Pieces counted per denomination, e.g. `{ B500: 3, C050: 2 }`; unknown keys are refused. */
export const denominationCounts = z
  .strictObject(
    Object.fromEntries(DENOMINATION_KEYS.map((key) => [key, pieces.optional()])) as Record<
      DenominationKey,
      z.ZodOptional<typeof pieces>
    >,
    { error: 'Denominación inválida' },
  )
  .refine((counts) => sumDenominations(counts) <= MAX_CENTS, {
    error: 'El monto es demasiado grande',
    // Only once every count is a valid number of pieces: the sum is defined for those alone.
    when: (payload) => payload.issues.length === 0,
  });
export type DenominationCountsInput = z.infer<typeof denominationCounts>;

/**
 * `POST /cash-close/close` (administrators): close an agent's business day with the cash counted. It
 * confirms the day's cash still in validation into `targetAccountId` (as 'Confirmar corte') and records
 * the count once; the server computes the expected cash, the difference and its kind. `note` is
 * required when the count differs; `denominations`, when given, must add up to `counted`.
 */
export const cashCountClose = z.object({
  agentId: z.uuid({ error: 'Agente inválido' }),
  date: isoDate,
  targetAccountId: z.uuid({ error: 'Seleccione la cuenta donde ingresó el efectivo' }),
  counted: pesos.refine((n) => n >= 0, 'El efectivo contado no puede ser negativo'),
  denominations: denominationCounts.nullish().transform((counts) => counts ?? null),
  note: optionalText({ label: 'La nota', feminine: true, max: CASH_COUNT_NOTE_MAX }),
});
export type CashCountClose = z.input<typeof cashCountClose>;

/** One closed day: what was expected, what was counted, the difference, who closed it and when. */
export const cashCount = z.object({
  id: z.string(),
  date: z.string(),
  agent: z.object({ ...numbered, ...staffName }),
  /** The day's cash payments (VALIDATING or PAID) at the close, summed by the server. */
  expected: z.number(),
  counted: z.number(),
  /** counted − expected: negative is Faltante. */
  difference: z.number(),
  kind: z.literal([...CASH_COUNT_KINDS, null]),
  denominations: z.partialRecord(z.enum(DENOMINATION_KEYS), z.number().int()).nullable(),
  note: z.string().nullable(),
  /** Where the close confirmed the cash still in validation. */
  bankAccount: z.object({ id: z.string(), name: z.string() }),
  /** How many payments the close confirmed (0 when all were already confirmed). */
  confirmed: z.number().int(),
  closedBy: z.object({ ...numbered, ...staffName }),
  closedOn: z.string(),
});
export type CashCount = z.infer<typeof cashCount>;

/**
 * The close as the day shows it, with the cash payments of that day still in validation: they arrived
 * after the close (the close confirmed every one there was), so they are not in the count.
 */
export const cashCountOfDay = cashCount.extend({
  lateArrivals: z.object({ count: z.number().int(), total: z.number() }),
});
export type CashCountOfDay = z.infer<typeof cashCountOfDay>;

/** `GET /cash-close/history?agentId=` (administrators): an agent's closes, newest first. */
export const cashCountHistoryQuery = z.object({
  agentId: z.uuid({ error: 'Agente inválido' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type CashCountHistoryQuery = z.input<typeof cashCountHistoryQuery>;

/** Its CSV export: every close of the agent, the list's order. */
export const cashCountHistoryExportQuery = cashCountHistoryQuery.pick({ agentId: true });

/** A close in the history, with the sum of the differences of this close and every earlier one. */
export const cashCountHistoryItem = cashCount.omit({ agent: true }).extend({ runningDifference: z.number() });
export type CashCountHistoryItem = z.infer<typeof cashCountHistoryItem>;

export const cashCountHistory = paged(cashCountHistoryItem).extend({
  agent: z.object({ ...numbered, ...staffName }),
  /** The sum of the differences of every close of the agent (not only the page's). */
  totalDifference: z.number(),
});
export type CashCountHistory = z.infer<typeof cashCountHistory>;
