/**
 * CAT (Costo Anual Total) by the Banco de México method: the annual rate i that makes what the borrower
 * receives worth what they pay, each amount discounted by (1 + i) to the power of its time in years:
 *
 *   Σ received_j · (1 + i)^(−t_j)  =  Σ paid_k · (1 + i)^(−s_k)
 *
 * Amounts are integer centavos without IVA (the CAT is stated "sin IVA"); times are years from the
 * delivery. For a weekly schedule a year holds 52 weeks by default, a setting of the caller
 * (`weeksPerYear`), so the figure follows the rule the lender files under. Pure; no rounding until the
 * last step, where the percentage is given with one decimal.
 */

export interface CatFlow {
  /** Years from the delivery (0 for the delivery itself). */
  years: number;
  /** A positive amount in centavos. */
  cents: number;
}

export interface CatFlows {
  /** What the borrower receives (the amount delivered, less any cost charged at delivery). */
  received: CatFlow[];
  /** What the borrower pays (installments, and any fee or insurance the contract charges). */
  paid: CatFlow[];
}

/** Weeks in a year when the schedule is weekly (Banco de México's periods per year for weekly terms). */
export const DEFAULT_WEEKS_PER_YEAR = 52;

function assertFlows(flows: CatFlows) {
  if (flows.received.length === 0 || flows.paid.length === 0) {
    throw new RangeError('El CAT necesita lo que se recibe y lo que se paga');
  }
  for (const flow of [...flows.received, ...flows.paid]) {
    if (!Number.isSafeInteger(flow.cents) || flow.cents <= 0)
      throw new RangeError(`Monto inválido: ${flow.cents}`);
    if (!Number.isFinite(flow.years) || flow.years < 0) throw new RangeError(`Plazo inválido: ${flow.years}`);
  }
  const lastReceived = Math.max(...flows.received.map((flow) => flow.years));
  const firstPaid = Math.min(...flows.paid.map((flow) => flow.years));
  // Money first, payments after: then the difference below falls as the rate grows and has one root.
  if (firstPaid < lastReceived) throw new RangeError('Los pagos deben ser posteriores a la entrega');
}

/**
 * The present value of the payments less that of what is received, at x = ln(1 + i). With every
 * payment after every receipt it strictly decreases in x, so bisection finds its only root.
 */
function gap(flows: CatFlows, x: number): number {
  let value = 0;
  for (const flow of flows.paid) value += flow.cents * Math.exp(-x * flow.years);
  for (const flow of flows.received) value -= flow.cents * Math.exp(-x * flow.years);
  return value;
}

/** The annual rate as a fraction (3.4732 means 347.32 %); −1 < rate. */
export function annualCostRate(flows: CatFlows): number {
  assertFlows(flows);
  let low = -1;
  let high = 1;
  // Widen the bracket until it holds the root: weekly loans reach thousands of percent a year.
  while (gap(flows, high) > 0) {
    high *= 2;
    if (high > 512) throw new RangeError('El CAT no está acotado para estos flujos');
  }
  while (gap(flows, low) < 0) {
    low *= 2;
    if (low < -512) throw new RangeError('El CAT no está acotado para estos flujos');
  }
  for (let i = 0; i < 200 && high - low > 1e-15; i += 1) {
    const middle = (low + high) / 2;
    if (gap(flows, middle) > 0) low = middle;
    else high = middle;
  }
  return Math.expm1((low + high) / 2);
}

/** A rate as the percentage the documents show: one decimal, half up (347.316… → 347.3). */
export function catPercent(rate: number): number {
  return Math.round(rate * 1000 + 1e-9) / 10;
}

export interface WeeklyLoanCatInput {
  /** The amount delivered, in centavos. */
  amountCents: number;
  /** Each weekly installment in order, the first due one week after the delivery. */
  installmentsCents: number[];
  /** Costs charged at the delivery (an opening fee): the borrower receives the amount less these. */
  upfrontCostsCents?: number;
  weeksPerYear?: number;
}

/** The CAT of a loan of weekly installments, as a percentage with one decimal. */
export function weeklyLoanCat({
  amountCents,
  installmentsCents,
  upfrontCostsCents = 0,
  weeksPerYear = DEFAULT_WEEKS_PER_YEAR,
}: WeeklyLoanCatInput): number {
  if (!Number.isInteger(weeksPerYear) || weeksPerYear <= 0)
    throw new RangeError(`Semanas por año inválidas: ${weeksPerYear}`);
  const flows: CatFlows = {
    received: [{ years: 0, cents: amountCents - upfrontCostsCents }],
    paid: installmentsCents.map((cents, index) => ({ years: (index + 1) / weeksPerYear, cents })),
  };
  return catPercent(annualCostRate(flows));
}
