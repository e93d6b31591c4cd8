/**
 * The fake lender's history, customer by customer: pure and deterministic (a customer's rows depend
 * only on the seed, its index and `today`), written into COPY buffers. Every amount, date and status
 * comes from the app's own pure rules, so the app's queries see what real use would have left:
 *
 * - customers with `search_text` from packages/domain/src/search-text.ts and an address;
 * - loans with loanTerms (weekly fee 10%, total +20%), the schedule of buildSchedule at delivery;
 * - installments paid oldest first in payments of 1–8 installments, mostly on time; late payers'
 *   payments carry the late fees the daily accrual would have created (one per day past due, dated,
 *   capped at the weekly fee, the last one trimmed), which a payment must include;
 * - payments PAID (confirmed the same day into an account), some REJECTED first, some VALIDATING;
 * - loans in progress DELAYED with their overdue installments DELAYED and fees accrued through today;
 * - current balances and status from packages/domain/src/loan-balance.ts loanStanding.
 *
 * The ledger (account_transactions) is derived afterwards in SQL from loans and payments (ledger.ts).
 */

import { customerSearchText } from '@prestaya/domain';
import { fakePerson, NATIONWIDE, streamFor } from '@prestaya/server/bench';
import { addDaysFast as addDays, iso } from '../lib/business-time.ts';
import type { WorldBuffers } from './buffers.ts';
import { CustomerWriter, WORK_END, WORK_START } from './customer-writer.ts';
import { planLoans } from './plan.ts';
import type { WorldSettings } from './settings.ts';

export { type WorldBuffers, worldBuffers } from './buffers.ts';
export type { Profile, WorldSettings } from './settings.ts';

/** Appends customers [from, to) and all their rows; `takenCurps` keeps CURPs unique across chunks. */
export function writeCustomers(
  s: WorldSettings,
  from: number,
  to: number,
  out: WorldBuffers,
  takenCurps: Set<string>,
) {
  for (let index = from; index < to; index++) {
    const rng = streamFor(s.seed, index);
    const person = fakePerson(rng, { region: NATIONWIDE, usedCurps: takenCurps, byFrequency: true });
    const customer = person.customer;
    const plans = planLoans(rng, s.profile, s.today);
    const firstDay = plans[0]?.day ?? s.today;
    const customerDay = addDays(firstDay, -rng.int(4, 20));
    const createdMs = Math.min(s.clock.at(customerDay, rng.int(WORK_START, WORK_END)), s.nowMs - 120_000);
    const customerId = rng.uuid7(createdMs);
    const writer = new CustomerWriter(s, rng, out, customerId);
    out.customers.add([
      customerId,
      customer.name,
      customer.lastName,
      customer.secondLastName ?? null,
      customer.phone,
      customer.curp,
      'PENDING',
      writer.agent,
      customerSearchText(customer),
      iso(createdMs),
      iso(createdMs),
    ]);
    for (const a of person.addresses) {
      out.addresses.add([
        rng.uuid7(createdMs),
        customerId,
        a.street,
        a.numExterior,
        a.numInterior ?? null,
        a.neighborhood,
        a.city,
        a.state,
        a.postalCode,
        iso(createdMs),
      ]);
    }
    for (const plan of plans) writer.loan(plan.kind, plan.day, plan.overdueFrom, plan.eventDay);
  }
}
