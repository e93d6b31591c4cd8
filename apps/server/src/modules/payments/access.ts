import { eq, or, type SQL } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import { payments } from '../../db/schema/payments.ts';
import { visibleLoans } from '../loans/access.ts';

/**
 * THE read rule for one payment (its details, receipt, proof links and history): an administrator sees
 * every payment; an agent the payments they registered and those of their customers' loans, so a
 * payment an agent took stays readable after its customer moves to another agent. Anything else is
 * 'Pago no encontrado' (404), as another agent's loan is. Queries using it must join `customers` (as
 * queries.ts selectPayments does). Deciding a payment stays with administrators (the route's role).
 */
export function visiblePayments(actor: CustomerActor): SQL | undefined {
  if (seesAllCustomers(actor)) return undefined;
  return or(eq(payments.registeredBy, actor.id), visibleLoans(actor));
}
