import { z } from './zod.ts';

/**
 * `GET /loans/{id}/payoff-quote`: the early payoff ('Liquidación anticipada', packages/domain payoff.ts)
 * for the business day `date`, in pesos. A payoff payment must carry exactly `total`; valid for that day.
 */
export const payoffQuote = z.object({
  loan: z.object({ id: z.string(), num: z.number().int() }),
  customer: z.object({ id: z.string(), name: z.string() }),
  /** The business day the quote is valid for. */
  date: z.string(),
  /** What remains of the unpaid installments. */
  installments: z.number(),
  /** What remains of the pending fines. */
  fines: z.number(),
  /** The interest of the installments not yet due. */
  interestNotDue: z.number(),
  /** The product's discount on it, in basis points. */
  discountBp: z.number().int(),
  discount: z.number(),
  /** installments + fines − discount: the amount of the payoff payment. */
  total: z.number(),
  /** 'Renovación': installments PAID and the loan's threshold; eligible when paid ≥ threshold. */
  renewal: z.object({
    paidInstallments: z.number().int(),
    threshold: z.number().int(),
    eligible: z.boolean(),
  }),
  lines: z.array(
    z.object({
      kind: z.enum(['installment', 'fee']),
      id: z.string(),
      concept: z.string(),
      dueDate: z.string(),
      remaining: z.number(),
      discount: z.number(),
      amount: z.number(),
    }),
  ),
});
export type PayoffQuote = z.infer<typeof payoffQuote>;
