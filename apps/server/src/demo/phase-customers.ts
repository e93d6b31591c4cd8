import { addressInput, customerInput } from '@prestaya/contracts';
import { createAddress } from '../modules/customers/addresses.ts';
import { createCustomer } from '../modules/customers/create-customer.ts';
import { hm } from './agenda.ts';
import { requestLoan } from './phase-loans.ts';
import type { Behaviour, CustomerPlan } from './plan.ts';
import type { DemoRun } from './run.ts';

/** Each customer comes to their agent on their arrival day, with their addresses, and (most) ask for a loan. */
export function scheduleCustomers(run: DemoRun, plans: readonly CustomerPlan[]) {
  for (const customer of plans) {
    const r = customer.random;
    // A customer planned for a Sunday comes on the Saturday before, not the Monday after: arrivals are
    // planned up to yesterday, and when today is a Monday, Monday's would come after the office opens
    // and never happen (the demo would be short of its customers).
    const day = run.officeClosed(customer.arrivalDay) ? customer.arrivalDay - 1 : customer.arrivalDay;
    run.agenda.add(day, r.int(hm(9), hm(13, 30)), 'alta de cliente', async () => {
      const agent = run.agentOf(customer);
      const created = await createCustomer(
        run.db,
        agent.actor,
        customerInput.parse({ ...customer.person.customer, agentId: agent.id }),
        { today: run.dateOf(run.agenda.current.day) },
      );
      customer.id = created.id;
      for (const address of customer.person.addresses) {
        await createAddress(run.db, agent.actor, created.id, addressInput.parse(address));
      }
      if (customer.profile === 'sinPrestamo') return;
      const behaviour: Behaviour =
        customer.profile === 'tardio' || customer.profile === 'moroso' || customer.profile === 'liquida'
          ? customer.profile
          : 'puntual';
      await requestLoan(run, customer, customer.amountPesos, behaviour, false);
    });
  }
}
