import { AML_THRESHOLD_BOUNDS_CENTS } from '@prestaya/domain';
import { envelope, isoDate, paged, pagedQuery, personName, staffName, uuid } from './common.ts';
import { labelled } from './labels.ts';
import { pesos } from './money.ts';
import { requiredText } from './text.ts';
import { z } from './zod.ts';

/**
 * Anti-money-laundering screening ('PLD', docs/compliance-pld.md): blocked-persons lists, the matches
 * they raise on customers, relevant cash operations and unusual-operation cases. Administrators only.
 */

export const { values: AML_MATCH_KINDS, labels: AML_MATCH_KIND_LABELS } = labelled({
  CURP: 'CURP',
  RFC: 'RFC',
  NAME: 'Nombre',
});
export type AmlMatchKind = (typeof AML_MATCH_KINDS)[number];

export const { values: AML_MATCH_STATUSES, labels: AML_MATCH_STATUS_LABELS } = labelled({
  OPEN: 'Pendiente',
  RESOLVED: 'Resuelta',
});
export type AmlMatchStatus = (typeof AML_MATCH_STATUSES)[number];

export const { values: AML_CASE_STATUSES, labels: AML_CASE_STATUS_LABELS } = labelled({
  OPEN: 'Abierto',
  CLOSED: 'Cerrado',
});
export type AmlCaseStatus = (typeof AML_CASE_STATUSES)[number];

/** Bounds of a list file: its bytes, its rows, and how many bad rows one answer reports. */
export const AML_LIST_MAX_BYTES = 5 * 1024 * 1024;
export const AML_LIST_MAX_ROWS = 50_000;
export const AML_LIST_MAX_ERRORS = 100;

/** The text part of `POST /api/v1/aml/lists`: what the import is called. */
export const amlListImportFields = z
  .object({ name: requiredText({ label: 'El nombre de la lista', min: 3, max: 120 }) })
  .strict();

const CURP_FORMAT = /^[A-Z0-9]{18}$/;
const RFC_FORMAT = /^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$/;
const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** An identity key of a list row: blank is none, otherwise upper case without spaces. */
const listKey = (label: string, format: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
    .refine((value) => value === '' || format.test(value), `${label}: ${message}`)
    .transform((value) => (value === '' ? null : value));

/**
 * One row of a blocked-persons list, as read from the CSV (every cell a string). `fecha` is the day
 * the person was listed, as AAAA-MM-DD or DD/MM/AAAA; blank when the list does not say.
 */
export const amlListRow = z.object({
  nombre: requiredText({ label: 'El nombre', max: 200 }),
  curp: listKey('La CURP', CURP_FORMAT, 'debe tener 18 letras y números'),
  rfc: listKey('El RFC', RFC_FORMAT, 'no tiene el formato de un RFC'),
  lista: requiredText({ label: 'La lista', feminine: true, max: 120 }),
  fecha: z
    .string()
    .trim()
    .transform((value) => value.replace(DMY, '$3-$2-$1'))
    .pipe(z.union([z.literal(''), isoDate]))
    .transform((value) => (value === '' ? null : value)),
});
export type AmlListRow = z.output<typeof amlListRow>;

/** A list import as 'Listas' shows it. */
export const amlList = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  matchesFound: z.number().int(),
  importedOn: z.string(),
  importedBy: z.object(staffName).nullable(),
});
export type AmlList = z.infer<typeof amlList>;
export const amlListsReply = envelope(z.array(amlList));
export const amlListReply = envelope(amlList);

const customerRef = z.object({ id: z.string(), num: z.number().int(), ...personName, curp: z.string() });

/** A match of a customer with a blocked person, as 'Coincidencias' shows it. */
export const amlMatch = z.object({
  id: z.string(),
  kind: z.enum(AML_MATCH_KINDS),
  status: z.enum(AML_MATCH_STATUSES),
  /** The CURP, RFC or folded name both sides share. */
  matchedValue: z.string(),
  foundOn: z.string(),
  /** foundOn + 24 h: when it must have been reported. */
  reportDueOn: z.string(),
  /** Open and past reportDueOn (the server's clock). */
  overdue: z.boolean(),
  customer: customerRef,
  blockedPerson: z.object({
    name: z.string(),
    curp: z.string().nullable(),
    rfc: z.string().nullable(),
    list: z.string(),
    listedOn: z.string().nullable(),
    importName: z.string(),
  }),
  resolution: z.string().nullable(),
  resolvedOn: z.string().nullable(),
  resolvedBy: z.object(staffName).nullable(),
});
export type AmlMatch = z.infer<typeof amlMatch>;
/** A page of 'Coincidencias' (`GET /api/v1/aml/matches`): paged like every list. */
export const amlMatchPage = paged(amlMatch);
export const amlMatchReply = envelope(amlMatch);

/**
 * 'Coincidencias' (`GET /api/v1/aml/matches`): one status at a time, pending by default, paged by
 * pagedQuery's `page` and `size` (at most 100 a page). The order is the status's own: pending oldest
 * first, resolved newest first.
 */
export const amlMatchListQuery = pagedQuery
  .pick({ page: true, size: true })
  .extend({ status: z.enum(AML_MATCH_STATUSES).default('OPEN') });
export type AmlMatchListQuery = z.output<typeof amlMatchListQuery>;

/** `PUT /api/v1/aml/matches/{id}/resolve`: why the match does not stop the customer any more. */
export const amlResolveRequest = z
  .object({ reason: requiredText({ label: 'El motivo', min: 3, max: 300 }) })
  .strict();
export type AmlResolveRequest = z.input<typeof amlResolveRequest>;

const thresholdMessage = `Use de $${AML_THRESHOLD_BOUNDS_CENTS.min / 100} a $${(AML_THRESHOLD_BOUNDS_CENTS.max / 100).toLocaleString('en-US')}`;
const threshold = pesos.refine(
  (n) =>
    Math.round(n * 100) >= AML_THRESHOLD_BOUNDS_CENTS.min &&
    Math.round(n * 100) <= AML_THRESHOLD_BOUNDS_CENTS.max,
  thresholdMessage,
);

/** `GET`/`PUT /api/v1/aml/settings`: the relevant-operation thresholds in pesos. */
export const amlSettings = z
  .object({ singleCashThreshold: threshold, monthlyCashThreshold: threshold })
  .strict();
export type AmlSettings = z.infer<typeof amlSettings>;
export const amlSettingsReply = envelope(amlSettings);

/** A quarter of a year: the period of 'Operaciones relevantes' and its CSV. */
export const amlQuarterQuery = z.object({
  year: z.coerce
    .number({ error: 'Indique el año' })
    .int('Indique el año')
    .min(2000, 'Año inválido')
    .max(2100, 'Año inválido'),
  quarter: z.coerce
    .number({ error: 'Indique el trimestre (1 a 4)' })
    .int('Indique el trimestre (1 a 4)')
    .min(1, 'Indique el trimestre (1 a 4)')
    .max(4, 'Indique el trimestre (1 a 4)'),
});
export type AmlQuarterQuery = z.output<typeof amlQuarterQuery>;

/** A confirmed cash payment at or above the single-operation threshold. */
export const amlRelevantOperation = z.object({
  paymentId: z.string(),
  loan: z.object({ id: z.string(), num: z.number().int() }),
  customer: customerRef,
  amount: z.number(),
  /** Business day it was collected. */
  collectedOn: z.string(),
});
/** A customer whose confirmed cash payments of one month add up to the monthly threshold or more. */
export const amlMonthlyCash = z.object({
  customer: customerRef,
  /** 'YYYY-MM' (business time). */
  month: z.string(),
  total: z.number(),
  payments: z.number().int(),
});
export const amlRelevantOperations = z.object({
  from: z.string(),
  to: z.string(),
  singleCashThreshold: z.number(),
  monthlyCashThreshold: z.number(),
  operations: z.array(amlRelevantOperation),
  monthly: z.array(amlMonthlyCash),
});
export type AmlRelevantOperations = z.infer<typeof amlRelevantOperations>;
export const amlRelevantOperationsReply = envelope(amlRelevantOperations);

/** `POST /api/v1/aml/cases`: an 'Operación inusual' on a customer (by number) or on a payment. */
export const amlCaseOpen = z
  .object({
    customerNum: z
      .number({ error: 'Número de cliente inválido' })
      .int('Número de cliente inválido')
      .min(1)
      .optional(),
    paymentId: uuid.optional(),
    description: requiredText({ label: 'La descripción', feminine: true, min: 3, max: 1000 }),
  })
  .strict()
  .refine((body) => (body.customerNum === undefined) !== (body.paymentId === undefined), {
    error: 'Indique el cliente o el pago, uno de los dos',
    path: ['customerNum'],
  });
export type AmlCaseOpen = z.input<typeof amlCaseOpen>;

/** `PUT /api/v1/aml/cases/{id}/close`. */
export const amlCaseClose = z
  .object({ conclusion: requiredText({ label: 'La conclusión', feminine: true, min: 3, max: 1000 }) })
  .strict();
export type AmlCaseClose = z.input<typeof amlCaseClose>;

export const amlCase = z.object({
  id: z.string(),
  status: z.enum(AML_CASE_STATUSES),
  customer: customerRef,
  payment: z.object({ id: z.string(), amount: z.number(), loanNum: z.number().int() }).nullable(),
  description: z.string(),
  openedOn: z.string(),
  openedBy: z.object(staffName).nullable(),
  conclusion: z.string().nullable(),
  closedOn: z.string().nullable(),
  closedBy: z.object(staffName).nullable(),
});
export type AmlCase = z.infer<typeof amlCase>;
/** A page of 'Casos' (`GET /api/v1/aml/cases`): paged like every list. */
export const amlCasePage = paged(amlCase);
export const amlCaseReply = envelope(amlCase);

/**
 * 'Casos' (`GET /api/v1/aml/cases`): newest first, of one status or all, paged by pagedQuery's `page`
 * and `size` (at most 100 a page).
 */
export const amlCaseListQuery = pagedQuery
  .pick({ page: true, size: true })
  .extend({ status: z.enum(AML_CASE_STATUSES).optional() });
export type AmlCaseListQuery = z.output<typeof amlCaseListQuery>;
