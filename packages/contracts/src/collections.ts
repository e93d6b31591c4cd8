import { cashCountOfDay } from './cash-count.ts';
import { isoDate, numbered, pagedQuery, personName, staffName } from './common.ts';
import { LOAN_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './labels.ts';
import { scheduledPayment } from './loans.ts';
import { fee } from './payments.ts';
import { visitSummary } from './visits.ts';
import { z } from './zod.ts';

/**
 * 'Cobranza': the agent's route for the day. Hoy = something due today or overdue; Esta semana =
 * something due by the end of the business week (Sunday); Atrasados = something overdue (due before
 * today).
 */
export const COLLECTION_TABS = ['today', 'week', 'overdue'] as const;
export type CollectionTab = (typeof COLLECTION_TABS)[number];

/**
 * `GET /collections`: `agentId` is for administrators (absent: every agent, 'Todos'); an agent always
 * gets their own customers and may not name another agent. `query` narrows by customer name or loan
 * number. Ordered as a route: postal code, colonia, customer name.
 */
export const collectionsQuery = pagedQuery.pick({ page: true, size: true, query: true }).extend({
  tab: z.enum(COLLECTION_TABS, { error: 'Pestaña inválida: use today, week u overdue' }).default('today'),
  agentId: z.uuid({ error: 'Agente inválido' }).optional(),
});
export type CollectionsQuery = z.input<typeof collectionsQuery>;

/** One card per open loan with something due. Amounts in pesos with two decimals, as every reply. */
export const collectionCard = z.object({
  loan: z.object({
    ...numbered,
    status: z.enum(LOAN_STATUSES),
    currentBalance: z.number(),
    /** > 0: restructured ('Reestructurado' on the card). */
    restructureCount: z.number().int(),
  }),
  customer: z.object({ ...numbered, ...personName, phone: z.string() }),
  /** The customer's first address (the one a visit goes to); null when they have none. */
  address: z
    .object({
      street: z.string(),
      numExterior: z.string(),
      numInterior: z.string().nullable(),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
    })
    .nullable(),
  agent: z.object({ ...numbered, ...staffName }).nullable(),
  /**
   * What is due now, by the payment form's rule: the payable installments due on or before the tab's
   * horizon (today, or the week's end), oldest first, and every pending fee; `total` is their sum.
   * Installments already in a payment 'En validación' are not payable, so they are not here.
   */
  due: z.object({
    scheduledPayments: z.array(scheduledPayment),
    fees: z.array(fee),
    total: z.number(),
  }),
  /** The oldest due date among `due.scheduledPayments` ('YYYY-MM-DD'), null when only fees are due. */
  oldestDueDate: z.string().nullable(),
  /** Whole days between `oldestDueDate` and today: 0 'Vence hoy', N > 0 'Atrasado N días', < 0 later this week. */
  daysLate: z.number().int(),
  /** Sum of this loan's payments registered today (VALIDATING or PAID), pesos. */
  collectedToday: z.number(),
  /** The loan's latest visit, whoever made it; null before the first. */
  lastVisit: visitSummary.nullable(),
  /**
   * The loan's standing promise: its latest 'Promesa de pago' when the promised day is today or later
   * (a promise due today puts the loan on 'Hoy' even with nothing else due); null otherwise.
   */
  promise: visitSummary.nullable(),
});
export type CollectionCard = z.infer<typeof collectionCard>;

export const collectionsSummary = z.object({
  /** Sum of `due.total` over the 'Hoy' tab's cards (the whole scope, not the page). */
  toCollectToday: z.number(),
  /** Sum of payments registered today in the scope (VALIDATING or PAID), pesos. */
  collectedToday: z.number(),
  counts: z.object({ today: z.number().int(), week: z.number().int(), overdue: z.number().int() }),
});
export type CollectionsSummary = z.infer<typeof collectionsSummary>;

/** The reply of `GET /collections`: the usual page plus the scope's summary. */
export const collectionsPage = z.object({
  data: z.array(collectionCard),
  page: z.number().int(),
  size: z.number().int(),
  totalDocuments: z.number().int(),
  totalPages: z.number().int(),
  summary: collectionsSummary,
});
export type CollectionsPage = z.infer<typeof collectionsPage>;

/**
 * 'Corte de caja' of one agent and one business day: `GET /cash-close?date=&agentId=`. An agent gets
 * their own day (agentId absent or their own); an administrator must name the agent. `date` defaults
 * to today's business date.
 */
export const cashCloseQuery = z.object({
  date: isoDate.optional(),
  agentId: z.uuid({ error: 'Agente inválido' }).optional(),
});
export type CashCloseQuery = z.input<typeof cashCloseQuery>;

export const cashClosePayment = z.object({
  id: z.string(),
  createdOn: z.string(),
  /** When it was collected: the day and the time the corte counts it by (createdOn unless sent later). */
  collectedAt: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  loan: z.object({ ...numbered }),
  customer: z.object({ id: z.string(), ...staffName }),
});
export type CashClosePayment = z.infer<typeof cashClosePayment>;

export const cashClose = z.object({
  date: z.string(),
  agent: z.object({ ...numbered, ...staffName }),
  /** Every payment the agent collected that business day, by the time it was collected (oldest first). */
  payments: z.array(cashClosePayment),
  totals: z.object({
    /** CASH payments VALIDATING or PAID: the cash the agent should hand in. */
    cash: z.number(),
    /** CASH payments still VALIDATING: what 'Confirmar corte' would confirm. */
    cashPending: z.number(),
    /** CASH payments already PAID. */
    cashConfirmed: z.number(),
    transfer: z.number(),
    count: z.number().int(),
  }),
  /** The day's close with the cash counted ('Contar efectivo'); null while the day is open. */
  closure: cashCountOfDay.nullable(),
});
export type CashClose = z.infer<typeof cashClose>;

/** `POST /cash-close/confirm` (administrators): confirm the day's VALIDATING cash into one account. */
export const cashCloseConfirm = z.object({
  agentId: z.uuid({ error: 'Agente inválido' }),
  date: isoDate,
  targetAccountId: z.uuid({ error: 'Seleccione la cuenta donde ingresó el efectivo' }),
});
export type CashCloseConfirm = z.input<typeof cashCloseConfirm>;

/** Its reply: what this call confirmed (0 and [] when the corte was already confirmed). */
export const cashCloseConfirmed = z.object({
  confirmed: z.number().int(),
  total: z.number(),
  paymentIds: z.array(z.string()),
});
export type CashCloseConfirmed = z.infer<typeof cashCloseConfirmed>;

/** Agents per page of an administrator's 'Semana': what one screen holds side by side. */
export const WEEK_AGENTS_PAGE_SIZE = 10;

/**
 * `GET /collections/summary` ('Semana' of Cobranza): `week` is any day of the business week (Monday to
 * Sunday; default: this week). An agent gets their own figures (naming another agent is a 403); an
 * administrator gets every active agent side by side, or the one `agentId` names.
 */
export const collectionsWeekQuery = z.object({
  week: isoDate.optional(),
  agentId: z.uuid({ error: 'Agente inválido' }).optional(),
  /** An administrator's page of agents, WEEK_AGENTS_PAGE_SIZE by name: each page costs the same. */
  page: pagedQuery.shape.page,
});
export type CollectionsWeekQuery = z.input<typeof collectionsWeekQuery>;

/** One agent's week in figures. Amounts in pesos with two decimals, as every reply. */
export const agentWeek = z.object({
  agent: z.object({ ...numbered, ...staffName }),
  /** Installments of the agent's customers' delivered loans due in the week (not cancelled). */
  installmentsDue: z.object({ count: z.number().int(), amount: z.number() }),
  /** Of those, the ones already paid or in a payment 'En validación'. */
  collectedOnDue: z.object({ count: z.number().int(), amount: z.number() }),
  /** Payments the agent collected in the week (VALIDATING or PAID), by the day their cash was taken. */
  collected: z.object({ count: z.number().int(), amount: z.number() }),
  /**
   * 'Efectividad': collectedOnDue.amount / installmentsDue.amount in percent with one decimal
   * (packages/domain collectionRate); null when nothing fell due.
   */
  collectionRate: z.number().nullable(),
  /** The agent's visits in the week, and those with no payment on the loan that business day. */
  visits: z.number().int(),
  visitsWithoutPayment: z.number().int(),
  /** Promises of payment the agent took in the week, with their standing read today. */
  promises: z.object({
    made: z.number().int(),
    kept: z.number().int(),
    broken: z.number().int(),
    pending: z.number().int(),
  }),
  /** The week's cash counts: Σ differences (Faltante negative, Sobrante positive), closes with a difference. */
  cashDifferences: z.object({ total: z.number(), count: z.number().int() }),
});
export type AgentWeek = z.infer<typeof agentWeek>;

export const collectionsWeek = z.object({
  /** The business week read: Monday and Sunday, 'YYYY-MM-DD'. */
  week: z.object({ from: z.string(), to: z.string() }),
  /** One row per agent of the page, by name (an agent: their own only). */
  agents: z.array(agentWeek),
  page: z.number().int(),
  /** How many agents the request covers in all (an administrator's active agents), and their pages. */
  totalAgents: z.number().int(),
  totalPages: z.number().int(),
});
export type CollectionsWeek = z.infer<typeof collectionsWeek>;
