import { type PaymentMethod, paymentRequest, paymentStatusUpdate } from '@prestaya/contracts';
import { PAYABLE_INSTALLMENT_STATUSES, TERM_WEEKS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { sqlLiterals } from '../db/literals.ts';
import { rowsOf } from '../db/rows.ts';
import { decidePayment } from '../modules/payments/decide.ts';
import { cancelFee } from '../modules/payments/fees.ts';
import { registerPayment } from '../modules/payments/register.ts';
import { hm } from './agenda.ts';
import type { CustomerPlan } from './plan.ts';
import type { DemoRun, LoanState } from './run.ts';

/** Why the demo's managers reject a transfer and forgive a fine (the reasons an administrator types). */
const DEMO_REJECTION_REASON = 'La transferencia no aparece en el estado de cuenta del banco';
const DEMO_FEE_WAIVER_REASON = 'Condonada: el cliente pagó antes de la visita del agente';

/**
 * What the collection form would offer (the same rule as GET /loans/{id}/pending-payments): the first
 * `count` unpaid installments by number and every pending fee, oldest first. One read instead of the
 * service's four; the registration itself re-checks everything under its locks.
 */
async function payableItems(run: DemoRun, loanId: string, count: number) {
  const [row] = rowsOf<{ installments: string[] | null; fees: string[] | null }>(
    await run.db.execute(sql`
      select
        (select json_agg(x.id) from (
           select id from scheduled_payments
            where loan_id = ${loanId}::uuid and status in (${sqlLiterals(PAYABLE_INSTALLMENT_STATUSES)})
            order by payment_number limit ${count}) x) as installments,
        (select json_agg(f.id order by f.fee_date, f.id) from fees f
          where f.loan_id = ${loanId}::uuid and f.status = 'PENDING') as fees`),
  );
  return { installmentIds: row?.installments ?? [], feeIds: row?.fees ?? [] };
}

function accountFor(run: DemoRun, method: PaymentMethod, customer: CustomerPlan): string {
  return run.accountId(method === 'CASH' ? 'caja' : customer.bank);
}

function schedulePayment(
  run: DemoRun,
  loan: LoanState,
  day: number,
  count: number,
  method: PaymentMethod,
  channel: 'STAFF' | 'PUBLIC',
) {
  const r = loan.customer.random;
  const minute = channel === 'PUBLIC' ? r.int(hm(19), hm(21, 45)) : r.int(hm(9), hm(17, 30));
  run.agenda.add(
    day,
    minute,
    'registro de pago',
    async () => {
      const registeredAt = run.agenda.current;
      const pending = await payableItems(run, loan.id, count);
      const installments = pending.installmentIds;
      if (installments.length === 0) return;
      const agent = run.agentOf(loan.customer);
      const payment = await registerPayment(run.db, {
        loanId: loan.id,
        request: paymentRequest.parse({
          scheduledPaymentIds: installments,
          feeIds: pending.feeIds,
          paymentMethod: method,
        }),
        registeredBy: agent.id,
        channel,
        actor: channel === 'STAFF' ? agent.actor : undefined,
        today: run.dateOf(registeredAt.day),
      });
      loan.lastPayDay = registeredAt.day;
      scheduleDecision(run, loan, payment.id, method, registeredAt, installments.length);
    },
    channel === 'PUBLIC',
  );
}

function scheduleDecision(
  run: DemoRun,
  loan: LoanState,
  paymentId: string,
  method: PaymentMethod,
  registeredAt: { day: number; minute: number },
  count: number,
) {
  const r = loan.customer.random;
  // Transfers that never arrived are rejected after checking the bank statement.
  const reject = method === 'TRANSFER' && r.chance(0.08);
  let day = registeredAt.day;
  let minute: number;
  if (registeredAt.minute < hm(16, 30) && r.chance(0.65)) {
    minute = r.int(Math.max(hm(17, 30), registeredAt.minute + 30), hm(19, 30));
  } else {
    day += r.chance(0.1) ? 2 : 1;
    minute = r.int(hm(9), hm(11));
  }
  const decider = r.chance(0.75) ? () => run.manager() : () => run.owner();
  run.agenda.add(day, minute, 'decisión de pago', async () => {
    const at = run.agenda.current;
    await decidePayment(
      run.db,
      decider().actor,
      paymentId,
      paymentStatusUpdate.parse(
        reject
          ? { status: 'REJECTED', reason: DEMO_REJECTION_REASON }
          : { status: 'PAID', targetAccountId: accountFor(run, method, loan.customer) },
      ),
      run.dateOf(at.day),
    );
    if (reject) {
      // The customer pays again in cash a few days later, to the agent.
      schedulePayment(run, loan, at.day + r.int(1, 3), count, 'CASH', 'STAFF');
      return;
    }
    loan.paid += count;
    if (loan.paid >= TERM_WEEKS) run.onPaidOff(loan, at.day);
    else planNextPayment(run, loan, at.day);
  });
}

/** How many days from the due date each kind of payer pays, by weight. */
const PUNCTUAL_DELAYS = [
  [-2, 1],
  [-1, 2],
  [0, 6],
  [1, 1],
] as const;
const LATE_DELAYS = [
  [0, 3],
  [1, 2],
  [2, 2],
  [3, 1],
  [4, 1],
  [6, 1],
] as const;
const DEFAULTER_DELAYS = [
  [0, 2],
  [1, 2],
  [2, 2],
  [4, 1],
  [5, 1],
] as const;

/** When and how the customer pays their next installment(s), by how they behave. */
export function planNextPayment(run: DemoRun, loan: LoanState, fromDay: number) {
  if (loan.deliveryDay === undefined) return;
  const r = loan.customer.random;
  const k = loan.paid + 1;
  if (k > TERM_WEEKS) return;
  const due = loan.deliveryDay + 7 * k;
  let day: number;
  let count = 1;
  switch (loan.behaviour) {
    case 'puntual':
      day = due + r.weighted(PUNCTUAL_DELAYS);
      break;
    case 'tardio':
      day = due + r.weighted(LATE_DELAYS);
      break;
    case 'moroso':
      if (k <= loan.stopAfter) {
        day = due + r.weighted(DEFAULTER_DELAYS);
      } else if (k === loan.stopAfter + 1 && !loan.sporadicDone && r.chance(0.4)) {
        loan.sporadicDone = true;
        day = due + r.int(8, 15);
      } else {
        return; // stops paying: the loan falls behind
      }
      break;
    case 'liquida':
      // Pays ahead: two installments a week after the first, so the loan is paid off in ~7 weeks.
      if (k === 1 || loan.lastPayDay === undefined) day = due - r.int(0, 1);
      else {
        day = loan.lastPayDay + 7 - r.int(0, 1);
        count = Math.min(2, TERM_WEEKS - loan.paid);
      }
      break;
  }
  day = Math.max(day, fromDay);
  const transfer = r.chance(loan.customer.prefersTransfer ? 0.85 : 0.1);
  const channel = transfer && r.chance(0.5) ? 'PUBLIC' : 'STAFF';
  if ((loan.behaviour === 'tardio' || loan.behaviour === 'moroso') && day - due >= 3 && r.chance(0.3)) {
    scheduleFeeWaiver(run, loan, day);
  }
  schedulePayment(run, loan, day, count, transfer ? 'TRANSFER' : 'CASH', channel);
}

/** The manager forgives the newest pending late fee of a customer who is about to pay. */
function scheduleFeeWaiver(run: DemoRun, loan: LoanState, day: number) {
  run.agenda.add(day, hm(8, 30) + loan.customer.random.int(0, 25), 'condonación de multa', async () => {
    const fee = (await payableItems(run, loan.id, 0)).feeIds.at(-1);
    if (fee) {
      const today = run.dateOf(run.agenda.current.day);
      await cancelFee(run.db, run.manager().actor, loan.id, fee, DEMO_FEE_WAIVER_REASON, today);
    }
  });
}
