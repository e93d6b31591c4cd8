import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';

/**
 * Report figures (weekly payments, portfolio). SQL only gathers rows: an administrator's from the
 * tallies the triggers keep (tallies.ts), so the work does not grow with the loans and payments; an
 * agent's from their own customers' rows (live.ts). The portfolio arithmetic lives in
 * packages/domain/src/portfolio-risk.ts. Money stays in integer centavos until the reply, where it becomes pesos
 * (centsToPesos).
 *
 * Scope: an administrator sees the whole business ('ALL'); an agent only the loans and payments of
 * the customers assigned to them NOW ('AGENT'), through THE customer access rule
 * (customers/access.ts visibleCustomers). A reassigned customer's history moves with the customer.
 */

export const scopeOf = (actor: CustomerActor) =>
  (seesAllCustomers(actor) ? 'ALL' : 'AGENT') as 'ALL' | 'AGENT';

export interface ReportContext {
  /** TZ_BUSINESS: calendar days are days of this zone. */
  timeZone: string;
}
