import { minimumLoanAmountCents, PRODUCT_BOUNDS } from '@prestaya/domain';
import { isoDate, numbered, personName } from './common.ts';
import { LOAN_STATUSES, SCHEDULED_PAYMENT_STATUSES } from './labels.ts';
import { statusListQueries } from './list-filters.ts';
import { formatCents, pesos, positivePesos } from './money.ts';
import { z } from './zod.ts';

/**
 * The specification's product (docs/product.md §9): 12 weekly installments, daily late fee $50, weekly
 * fee 10% of the amount. Other products (loan-products.ts) set their own term and daily fee; the server
 * refuses a term or daily fee that is not the product's.
 */
export const LOAN_TERM_WEEKS = 12;
export const LOAN_DAILY_FEE = 50;
export const LOAN_TERM_OPTIONS = [LOAN_TERM_WEEKS] as const;
export const LOAN_DAILY_FEE_OPTIONS = [LOAN_DAILY_FEE] as const;

const term = z
  .number({ error: 'El plazo debe ser un número de semanas' })
  .int('El plazo debe ser un número de semanas')
  .min(PRODUCT_BOUNDS.termWeeks.min, 'El plazo debe ser un número de semanas')
  .max(PRODUCT_BOUNDS.termWeeks.max, 'El plazo debe ser un número de semanas');
const dailyFee = pesos;
/** The product a loan is requested under; without it, the only active product. */
const productId = z.uuid({ error: 'Seleccione el producto' });

/**
 * The smallest amount whose 12 installments are each at least one centavo at the default rate ($0.10):
 * what the form itself can refuse. The server also refuses any amount below $100 and outside the
 * loan product's minimum and maximum (@prestaya/domain checkLoanAmount).
 */
export const MIN_LOAN_AMOUNT_CENTS = minimumLoanAmountCents();
export const minLoanAmountMessage = (cents = MIN_LOAN_AMOUNT_CENTS) =>
  `El monto mínimo de un préstamo es ${formatCents(cents)}`;
// Zero and negative amounts keep positivePesos' one message.
const loanAmount = positivePesos.refine((n) => {
  const cents = Math.round(n * 100);
  return cents < 1 || cents >= MIN_LOAN_AMOUNT_CENTS;
}, minLoanAmountMessage());

/**
 * A loan request (`POST /api/v1/customers/{id}/loans`). `weeklyFee` is never sent: the server sets it
 * from the product's cap share (10% of the amount for the spec's). `term` and `dailyFee`, when sent,
 * must be the product's. `requestDate` and `loanFromPast` are honoured for administrators only.
 */
export const loanCreate = z.object({
  amount: loanAmount,
  productId: productId.optional(),
  term: term.optional(),
  dailyFee: dailyFee.optional(),
  requestDate: isoDate.optional(),
  loanFromPast: z.boolean().default(false),
  /**
   * 'Renovación': the customer's open loan this one renews (it must have reached its renewal threshold);
   * the delivery settles its payoff from the new amount and hands over only the difference.
   */
  renewsLoanId: z.uuid({ error: 'Préstamo a renovar inválido' }).optional(),
});
export type LoanCreate = z.input<typeof loanCreate>;

/** `PUT /api/v1/loans/{id}`: amount/term/dailyFee only while PENDING; status, requestDate, loanFromPast admin only. */
export const loanUpdate = z.object({
  amount: loanAmount.optional(),
  /** Another active product while PENDING: the loan copies its terms again. */
  productId: productId.optional(),
  term: term.optional(),
  dailyFee: dailyFee.optional(),
  status: z.enum(LOAN_STATUSES, { error: 'Estatus inválido' }).optional(),
  requestDate: isoDate.optional(),
  loanFromPast: z.boolean().optional(),
});
export type LoanUpdate = z.input<typeof loanUpdate>;

export const loanApprove = z.object({
  bankAccountId: z.uuid({ error: 'Seleccione la cuenta de retiro' }).nullish(),
});
export type LoanApprove = z.input<typeof loanApprove>;

export const loan = z.object({
  ...numbered,
  amount: z.number(),
  term: z.number().int(),
  status: z.enum(LOAN_STATUSES),
  dailyFee: z.number(),
  weeklyFee: z.number(),
  /** Flat rate fixed at creation, e.g. 0.2. */
  interestRate: z.number(),
  totalToRepay: z.number(),
  installmentAmount: z.number(),
  loanFromPast: z.boolean(),
  requestDate: z.string(),
  createdOn: z.string(),
  approvedOn: z.string().nullable(),
  activatedOn: z.string().nullable(),
  currentRealAmount: z.number(),
  currentBalance: z.number(),
  customer: z.object({ id: z.string(), ...personName }),
  bankAccount: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** How many times it was restructured ('Reestructurado' wherever loans are listed when > 0). */
  restructureCount: z.number().int(),
  /** When it was last restructured; null if never. */
  restructuredOn: z.string().nullable(),
  /**
   * The product it was requested under and the rest of its own copy of the product's terms (shares as
   * fractions, like interestRate). Optional so a client reads a reply that predates products.
   */
  product: z.object({ id: z.string(), name: z.string() }).optional(),
  lateFeeCapRate: z.number().optional(),
  renewalThreshold: z.number().int().optional(),
  payoffDiscountRate: z.number().optional(),
  /** The loan it renews ('Renovación'); null when it renews none, absent in older replies. */
  renewsLoanId: z.string().nullable().optional(),
});
export type Loan = z.infer<typeof loan>;

export const scheduledPayment = z.object({
  id: z.string(),
  paymentNumber: z.number().int(),
  dueDate: z.string(),
  amount: z.number(),
  status: z.enum(SCHEDULED_PAYMENT_STATUSES),
  concept: z.string(),
  /** What confirmed abonos paid of it; absent when 0 (and where only what remains is listed). */
  paid: z.number().optional(),
  /** What abonos awaiting confirmation hold of it; absent when 0. */
  held: z.number().optional(),
});
export type ScheduledPayment = z.infer<typeof scheduledPayment>;

export const LOAN_ORDER_COLUMNS = ['num', 'amount', 'status', 'createdOn', 'requestDate'] as const;

/** Query of the global loans list (`q`: a loan status) and of its CSV export. */
export const { list: loanListQuery, export: loanExportQuery } = statusListQueries(LOAN_STATUSES);
export type LoanListQuery = z.output<typeof loanListQuery>;
