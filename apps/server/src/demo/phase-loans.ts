import { loanApprove, loanCreate, loanUpdate, pesosToCents } from '@prestaya/contracts';
import { activateLoan } from '../modules/loans/activate.ts';
import { approveLoan } from '../modules/loans/approve.ts';
import { createLoan } from '../modules/loans/create.ts';
import { updateLoan } from '../modules/loans/update.ts';
import { hm } from './agenda.ts';
import { planNextPayment } from './phase-payments.ts';
import type { Behaviour, CustomerPlan } from './plan.ts';
import type { DemoRun, LoanState } from './run.ts';
import type { DemoAccountKey } from './staff.ts';

/**
 * A loan's way from the request to the delivery, by the customer's profile: some stay waiting, some
 * are cancelled before or after approval, the rest are delivered and start paying (phase-payments.ts).
 */
export async function requestLoan(
  run: DemoRun,
  customer: CustomerPlan,
  amountPesos: number,
  behaviour: Behaviour,
  isRenewal: boolean,
) {
  if (!customer.id) throw new Error('customer not created');
  const { db, agenda } = run;
  const day = agenda.current.day;
  const agent = run.agentOf(customer);
  // The simulated day is the services' business today: the request is dated that day.
  const loan = await createLoan(
    db,
    agent.actor,
    customer.id,
    loanCreate.parse({ amount: amountPesos }),
    run.dateOf(day),
  );
  const r = customer.random;
  const state: LoanState = {
    id: loan.id,
    customer,
    amountCents: pesosToCents(loan.amount),
    behaviour,
    isRenewal,
    paid: 0,
    stopAfter: r.int(1, 5),
    sporadicDone: false,
  };
  if (customer.profile === 'enEspera' && !isRenewal) return;
  if (customer.profile === 'cancelaEnEspera' && !isRenewal) {
    agenda.add(day + r.int(1, 3), r.int(hm(10), hm(12)), 'cancelación en espera', () => cancel(run, loan.id));
    return;
  }
  agenda.add(day + r.int(0, 1), r.int(hm(11), hm(13)), 'aprobación', () => approve(run, state));
}

/** The owner cancels the loan on the simulated day (a pending one, or an approved one's reservation). */
async function cancel(run: DemoRun, loanId: string) {
  const today = run.dateOf(run.agenda.current.day);
  await updateLoan(run.db, run.owner().actor, loanId, loanUpdate.parse({ status: 'CANCELLED' }), today);
}

async function approve(run: DemoRun, loan: LoanState) {
  const { db, agenda } = run;
  const day = agenda.current.day;
  const r = loan.customer.random;
  const balances = await run.balancesCents();
  const order: DemoAccountKey[] =
    loan.amountCents <= 500_000 ? ['caja', 'bbva', 'banorte'] : ['bbva', 'banorte', 'caja'];
  const from = order.find((key) => (balances.get(key) ?? 0) >= loan.amountCents);
  if (!from) {
    agenda.add(day + 1, r.int(hm(11), hm(13)), 'aprobación', () => approve(run, loan)); // waits for collections
    return;
  }
  await approveLoan(
    db,
    run.owner().actor,
    loan.id,
    loanApprove.parse({ bankAccountId: run.accountId(from) }),
    run.dateOf(day),
  );
  const profile = loan.isRenewal ? 'puntual' : loan.customer.profile;
  if (profile === 'aprobado') return; // delivery still to come
  if (profile === 'cancelaAprobado') {
    agenda.add(day + r.int(1, 2), r.int(hm(10), hm(12)), 'cancelación aprobado', () => cancel(run, loan.id));
    return;
  }
  if (r.chance(0.6)) agenda.add(day, r.int(hm(13, 30), hm(16)), 'entrega', () => deliver(run, loan));
  else agenda.add(day + 1, r.int(hm(10), hm(12, 30)), 'entrega', () => deliver(run, loan));
}

async function deliver(run: DemoRun, loan: LoanState) {
  const day = run.agenda.current.day;
  // Delivered on the simulated day: the schedule is anchored on it.
  await activateLoan(run.db, run.owner().actor, loan.id, run.dateOf(day));
  loan.deliveryDay = day;
  planNextPayment(run, loan, day);
}

/** A good customer who paid off their first loan comes back for a larger one. */
export function offerRenewal(run: DemoRun, loan: LoanState, day: number) {
  const customer = loan.customer;
  if (!customer.renews || loan.isRenewal) return;
  const amount = Math.min(20_000, customer.amountPesos + 1_000 * customer.random.int(1, 3));
  run.agenda.add(
    day + customer.random.int(2, 6),
    customer.random.int(hm(9), hm(13)),
    'solicitud de renovación',
    () => requestLoan(run, customer, amount, 'puntual', true),
  );
}
