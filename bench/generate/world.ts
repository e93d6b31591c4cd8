/**
 * The fake lender's history, customer by customer: pure and deterministic (a customer's rows depend
 * only on the seed, its index and `today`), written into COPY buffers. Every amount, date and status
 * comes from the app's own pure rules, so the app's queries see what real use would have left:
 *
 * - customers with `search_text` from domain/search-text.ts and an address;
 * - loans with loanTerms (weekly fee 10%, total +20%), the schedule of buildSchedule at delivery;
 * - installments paid oldest first in payments of 1–8 installments, mostly on time; late payers'
 *   payments carry the late fees the daily accrual would have created (one per day past due, dated,
 *   capped at the weekly fee, the last one trimmed), which a payment must include;
 * - payments PAID (confirmed the same day into an account), some REJECTED first, some VALIDATING;
 * - loans in progress DELAYED with their overdue installments DELAYED and fees accrued through today;
 * - current balances and status from domain/loan-balance.ts loanStanding.
 *
 * The ledger (account_transactions) is derived afterwards in SQL from loans and payments (ledger.ts).
 */

import { fakePerson } from '../../apps/server/src/demo/people.ts';
import { NATIONWIDE } from '../../apps/server/src/demo/places.ts';
import { type Random, streamFor } from '../../apps/server/src/demo/random.ts';
import { loanStanding } from '../../apps/server/src/domain/loan-balance.ts';
import {
  buildSchedule,
  DAILY_FEE_CENTS,
  DEFAULT_INTEREST_BP,
  loanTerms,
  TERM_WEEKS,
} from '../../apps/server/src/domain/loan-policy.ts';
import { customerSearchText } from '../../apps/server/src/domain/search-text.ts';
import { CopyBuffer, type CopyValue } from '../lib/bulk.ts';
import { addDaysFast as addDays, type BusinessClock, daysBetween, iso } from '../lib/business-time.ts';

export type Profile = 'history' | 'accrual';

export interface WorldSettings {
  seed: number;
  /** The business day the data is "as of" ('YYYY-MM-DD'); fees are accrued through it. */
  today: string;
  /** Nothing happens after this instant (00:30 of `today`; that day's events are clamped before it). */
  nowMs: number;
  clock: BusinessClock;
  /**
   * history: 1–4 loans per customer, most PAID, the newest ACTIVE/DELAYED/PENDING/APPROVED/CANCELLED.
   * accrual: one ACTIVE loan per customer, 20% with installments past due that no accrual has seen yet.
   */
  profile: Profile;
  adminId: string;
  agentIds: readonly string[];
  accountIds: readonly string[];
}

export function worldBuffers() {
  return {
    customers: new CopyBuffer('customers', [
      'id',
      'name',
      'last_name',
      'second_last_name',
      'phone',
      'curp',
      'status',
      'agent_id',
      'search_text',
      'created_on',
      'updated_on',
    ]),
    addresses: new CopyBuffer('addresses', [
      'id',
      'customer_id',
      'street',
      'num_exterior',
      'num_interior',
      'neighborhood',
      'city',
      'state',
      'postal_code',
      'created_on',
    ]),
    loans: new CopyBuffer('loans', [
      'id',
      'customer_id',
      'amount_cents',
      'term_weeks',
      'daily_fee_cents',
      'weekly_fee_cents',
      'interest_bp',
      'total_cents',
      'status',
      'loan_from_past',
      'request_date',
      'bank_account_id',
      'approved_on',
      'activated_on',
      'current_real_amount_cents',
      'current_balance_cents',
      'created_by',
      'created_on',
      'updated_on',
    ]),
    installments: new CopyBuffer('scheduled_payments', [
      'id',
      'loan_id',
      'payment_number',
      'due_date',
      'amount_cents',
      'status',
      'concept',
      'paid_on',
    ]),
    fees: new CopyBuffer('fees', [
      'id',
      'loan_id',
      'scheduled_payment_id',
      'fee_date',
      'concept',
      'amount_cents',
      'status',
      'created_on',
      'cancelled_on',
      'cancelled_by',
    ]),
    payments: new CopyBuffer('payments', [
      'id',
      'loan_id',
      'amount_cents',
      'status',
      'payment_method',
      'channel',
      'registered_by',
      'bank_account_id',
      'decided_by',
      'decided_on',
      'created_on',
    ]),
    paymentItems: new CopyBuffer('payment_items', [
      'id',
      'payment_id',
      'scheduled_payment_id',
      'fee_id',
      'concept',
      'amount_cents',
    ]),
  };
}
export type WorldBuffers = ReturnType<typeof worldBuffers>;

type LoanKind =
  | 'PAID'
  | 'ACTIVE'
  | 'DELAYED'
  /** Installments past due but still PENDING and without fees: the state just before an accrual run. */
  | 'OVERDUE_UNACCRUED'
  | 'PENDING'
  | 'APPROVED'
  | 'CANCELLED_PENDING'
  | 'CANCELLED_APPROVED';

const LOANS_PER_CUSTOMER: readonly (readonly [number, number])[] = [
  [1, 30],
  [2, 35],
  [3, 25],
  [4, 10],
];
const NEWEST_LOAN: readonly (readonly [LoanKind, number])[] = [
  ['PAID', 45],
  ['ACTIVE', 25],
  ['DELAYED', 12],
  ['PENDING', 8],
  ['APPROVED', 4],
  ['CANCELLED_PENDING', 3],
  ['CANCELLED_APPROVED', 3],
];
const ACCRUAL_LOAN: readonly (readonly [LoanKind, number])[] = [
  ['ACTIVE', 80],
  ['OVERDUE_UNACCRUED', 20],
];
/** buildSchedule is pure: loans of the same total delivered the same day share their schedule. */
const schedules = new Map<string, ReturnType<typeof buildSchedule>>();
function scheduleOf(totalCents: number, activationDay: string) {
  const key = `${totalCents}|${activationDay}`;
  let schedule = schedules.get(key);
  if (!schedule) {
    schedule = buildSchedule(totalCents, activationDay, TERM_WEEKS);
    schedules.set(key, schedule);
  }
  return schedule;
}

/** The concept the accrual gives a fee (jobs/accrual.ts). */
const feeConcept = (installmentNumber: number) => `Multa por atraso · Pago ${installmentNumber}`;
/** Staff work 08:00–19:59 on the business clock. */
const WORK_START = 8 * 60;
const WORK_END = 20 * 60 - 1;

interface Installment {
  id: string;
  number: number;
  dueDate: string;
  amountCents: number;
  concept: string;
  status: string;
  paidOnMs: number | null;
  /** Fees accrued so far (cancelled ones count toward the cap too). */
  feeCount: number;
  feeCents: number;
}

interface Fee {
  id: string;
  installment: Installment;
  feeDate: string;
  amountCents: number;
  status: string;
  createdMs: number;
  cancelledMs: number | null;
}

/** One customer's rows, appended to the buffers. */
class CustomerWriter {
  private readonly agentId: string;
  private readonly latePayer: boolean;

  constructor(
    private readonly s: WorldSettings,
    private readonly rng: Random,
    private readonly out: WorldBuffers,
    private readonly customerId: string,
  ) {
    this.agentId = rng.pick(s.agentIds);
    this.latePayer = rng.chance(0.15);
  }

  get agent() {
    return this.agentId;
  }

  /** An instant on `day` between `fromMinute` and the end of the working day, never after now. */
  private instant(day: string, fromMinute = WORK_START, toMinute = WORK_END): number {
    const minute = this.rng.int(Math.min(fromMinute, toMinute), toMinute);
    return Math.min(this.s.clock.at(day, minute), this.s.nowMs - 60_000);
  }

  private later(ms: number, minMinutes: number, maxMinutes: number): number {
    const { day } = this.s.clock.dayOf(ms);
    const endOfDay = this.s.clock.at(day, 23 * 60 + 59);
    return Math.min(ms + this.rng.int(minMinutes, maxMinutes) * 60_000, endOfDay, this.s.nowMs - 30_000);
  }

  private fee(installment: Installment, loan: LoanRow, feeDate: string, status: string): Fee | undefined {
    const amountCents = Math.min(loan.dailyFeeCents, loan.weeklyFeeCents - installment.feeCents);
    if (amountCents <= 0) return undefined;
    // The accrual runs at 00:05 business time and dates the fee that day.
    const createdMs = Math.min(this.s.clock.at(feeDate, 5), this.s.nowMs - 60_000);
    installment.feeCount++;
    installment.feeCents += amountCents;
    return {
      id: this.rng.uuid7(createdMs),
      installment,
      feeDate,
      amountCents,
      status,
      createdMs,
      cancelledMs: null,
    };
  }

  /** Fees of `installment` for each day after its due date through `throughDay` (inclusive), capped. */
  private accrue(installment: Installment, loan: LoanRow, throughDay: string, status: string): Fee[] {
    const fees: Fee[] = [];
    let day = addDays(installment.dueDate, 1);
    if (day < loan.requestDate) day = loan.requestDate;
    while (day <= throughDay && installment.feeCents < loan.weeklyFeeCents) {
      const fee = this.fee(installment, loan, day, status);
      if (fee) fees.push(fee);
      day = addDays(day, 1);
    }
    return fees;
  }

  private payment(
    loan: LoanRow,
    createdMs: number,
    status: 'PAID' | 'REJECTED' | 'VALIDATING',
    installments: Installment[],
    fees: Fee[],
  ): number | null {
    const id = this.rng.uuid7(createdMs);
    const decidedMs = status === 'VALIDATING' ? null : this.later(createdMs, 5, 240);
    const publicChannel = this.s.profile === 'history' && this.rng.chance(0.2);
    let amountCents = 0;
    for (const installment of installments) {
      amountCents += installment.amountCents;
      this.out.paymentItems.add([
        this.rng.uuid7(createdMs),
        id,
        installment.id,
        null,
        installment.concept,
        installment.amountCents,
      ]);
    }
    for (const fee of fees) {
      amountCents += fee.amountCents;
      this.out.paymentItems.add([
        this.rng.uuid7(createdMs),
        id,
        null,
        fee.id,
        feeConcept(fee.installment.number),
        fee.amountCents,
      ]);
    }
    this.out.payments.add([
      id,
      loan.id,
      amountCents,
      status,
      this.rng.chance(0.4) ? 'TRANSFER' : 'CASH',
      publicChannel ? 'PUBLIC' : 'STAFF',
      this.agentId,
      status === 'PAID' ? this.rng.pick(this.s.accountIds) : null,
      decidedMs === null ? null : this.s.adminId,
      decidedMs === null ? null : iso(decidedMs),
      iso(createdMs),
    ]);
    return decidedMs;
  }

  /** Writes one loan of `kind`; `day` is its activation day (delivered kinds) or request day. */
  loan(kind: LoanKind, day: string, overdueFrom?: number): number {
    const s = this.s;
    const rng = this.rng;
    const today = s.today;
    // Staff events end yesterday: "now" is 00:30 of today, just after the day's fee accrual.
    const yesterday = addDays(today, -1);
    const amountCents = 50_000 * (4 + Math.floor(36 * rng.next() ** 2));
    const terms = loanTerms(amountCents, DEFAULT_INTEREST_BP);
    const delivered = !['PENDING', 'APPROVED', 'CANCELLED_PENDING', 'CANCELLED_APPROVED'].includes(kind);
    const approved = delivered || kind === 'APPROVED' || kind === 'CANCELLED_APPROVED';

    const activationDay = delivered ? day : null;
    const requestDay = delivered ? addDays(day, -rng.int(0, 3)) : day;
    const createdMs = this.instant(requestDay, WORK_START, 16 * 60);
    let approvedMs: number | null = null;
    let activatedMs: number | null = null;
    if (approved) {
      const lastApprovalDay = activationDay ?? (kind === 'APPROVED' ? yesterday : addDays(requestDay, 2));
      const approvalDay = addDays(
        requestDay,
        rng.int(0, Math.max(0, daysBetween(requestDay, lastApprovalDay))),
      );
      approvedMs = Math.max(createdMs + 60_000, this.instant(approvalDay, WORK_START, 17 * 60));
    }
    if (activationDay && approvedMs !== null) {
      activatedMs = Math.max(approvedMs + 60_000, this.instant(activationDay, WORK_START, 18 * 60));
    }
    const loan: LoanRow = {
      id: rng.uuid7(createdMs),
      requestDate: requestDay,
      dailyFeeCents: DAILY_FEE_CENTS,
      weeklyFeeCents: terms.weeklyFeeCents,
    };
    let updatedMs = activatedMs ?? approvedMs ?? createdMs;
    let status: string = kind;
    let balances = { real: 0, balance: 0 };

    if (kind === 'CANCELLED_PENDING' || kind === 'CANCELLED_APPROVED') {
      status = 'CANCELLED';
      updatedMs = this.later(updatedMs, 30, 2 * 24 * 60);
    }

    if (activationDay && activatedMs !== null) {
      const installments: Installment[] = scheduleOf(terms.totalCents, activationDay).map((item) => ({
        id: rng.uuid7(activatedMs),
        number: item.paymentNumber,
        dueDate: item.dueDate,
        amountCents: item.amountCents,
        concept: item.concept,
        status: 'PENDING',
        paidOnMs: null,
        feeCount: 0,
        feeCents: 0,
      }));
      const fees: Fee[] = [];
      const pastDue = installments.filter((i) => i.dueDate < today).length;
      const paidCount =
        kind === 'PAID' ? TERM_WEEKS : kind === 'ACTIVE' ? pastDue : Math.max(0, (overdueFrom ?? 1) - 1);

      // Installments paid oldest first, 1–8 per payment.
      let k = 0;
      let lastMs = activatedMs;
      while (k < paidCount) {
        const size = Math.min(rng.int(1, 8), paidCount - k);
        const group = installments.slice(k, k + size);
        const first = group[0] as Installment;
        const next = installments[k + size];
        const late = this.latePayer && rng.chance(0.3);
        let payDay = addDays(first.dueDate, late ? rng.int(1, 10) : -rng.int(0, 3));
        // Never after the next installment falls due (its fees would have to be in this payment too).
        if (next && payDay > next.dueDate) payDay = next.dueDate;
        if (payDay > yesterday) payDay = yesterday;
        const lastDay = s.clock.dayOf(lastMs).day;
        if (payDay < lastDay) payDay = lastDay;
        const payMs = Math.max(lastMs + 60_000, this.instant(payDay));

        if (!late && rng.chance(0.03)) {
          // A payment refused first (e.g. an unreadable transfer), registered again the next day.
          const rejectedDay = addDays(payDay, -1);
          if (rejectedDay >= lastDay && rejectedDay <= first.dueDate) {
            const rejectedMs = Math.max(lastMs + 60_000, this.instant(rejectedDay));
            if (rejectedMs < payMs) this.payment(loan, rejectedMs, 'REJECTED', group, []);
          }
        }
        const paidDay = s.clock.dayOf(payMs).day;
        const groupFees = group.flatMap((i) =>
          i.dueDate < paidDay ? this.accrue(i, loan, paidDay, 'PAID') : [],
        );
        fees.push(...groupFees);
        const decidedMs = this.payment(loan, payMs, 'PAID', group, groupFees) as number;
        for (const installment of group) {
          installment.status = 'PAID';
          installment.paidOnMs = decidedMs;
        }
        lastMs = decidedMs;
        k += size;
      }

      const unpaid = installments.slice(paidCount);
      if (kind === 'ACTIVE' && unpaid.length > 0 && s.profile === 'history' && rng.chance(0.1)) {
        // A payment of the next installments waiting for an administrator's confirmation.
        const group = unpaid.slice(0, rng.int(1, Math.min(2, unpaid.length)));
        const day = addDays(today, -rng.int(1, 3));
        const validatingMs = Math.max(lastMs + 60_000, this.instant(day));
        this.payment(loan, validatingMs, 'VALIDATING', group, []);
        for (const installment of group) installment.status = 'VALIDATING';
        lastMs = validatingMs;
      }
      if (kind === 'DELAYED') {
        for (const installment of unpaid) {
          if (installment.dueDate >= today) continue;
          installment.status = 'DELAYED';
          fees.push(...this.accrue(installment, loan, today, 'PENDING'));
        }
        const forgiven = fees.find((f) => f.status === 'PENDING');
        if (forgiven && rng.chance(0.03)) {
          forgiven.status = 'CANCELLED';
          const cancelDay = addDays(forgiven.feeDate, rng.int(1, 3));
          forgiven.cancelledMs = this.instant(cancelDay <= yesterday ? cancelDay : yesterday);
        }
      }

      for (const i of installments) {
        this.out.installments.add([
          i.id,
          loan.id,
          i.number,
          i.dueDate,
          i.amountCents,
          i.status,
          i.concept,
          i.paidOnMs === null ? null : iso(i.paidOnMs),
        ]);
      }
      for (const f of fees) {
        this.out.fees.add([
          f.id,
          loan.id,
          f.installment.id,
          f.feeDate,
          feeConcept(f.installment.number),
          f.amountCents,
          f.status,
          iso(f.createdMs),
          f.cancelledMs === null ? null : iso(f.cancelledMs),
          f.cancelledMs === null ? null : s.adminId,
        ]);
        updatedMs = Math.max(updatedMs, f.cancelledMs ?? f.createdMs);
      }
      const standing = loanStanding(installments, fees, today);
      // Before its first accrual run a loan keeps the status of its last recomputation (a payment).
      status = kind === 'OVERDUE_UNACCRUED' ? 'ACTIVE' : standing.status;
      balances = { real: standing.currentRealAmountCents, balance: standing.currentBalanceCents };
      updatedMs = Math.max(updatedMs, lastMs);
      if (status !== kind && kind !== 'OVERDUE_UNACCRUED')
        throw new Error(`loan of kind ${kind} came out ${status} (customer ${this.customerId})`);
    }

    const row: CopyValue[] = [
      loan.id,
      this.customerId,
      terms.amountCents,
      TERM_WEEKS,
      DAILY_FEE_CENTS,
      terms.weeklyFeeCents,
      DEFAULT_INTEREST_BP,
      terms.totalCents,
      status,
      false,
      requestDay,
      approved ? rng.pick(s.accountIds) : null,
      approvedMs === null ? null : iso(approvedMs),
      activatedMs === null ? null : iso(activatedMs),
      balances.real,
      balances.balance,
      this.agentId,
      iso(createdMs),
      iso(updatedMs),
    ];
    this.out.loans.add(row);
    return createdMs;
  }
}

interface LoanRow {
  id: string;
  requestDate: string;
  dailyFeeCents: number;
  weeklyFeeCents: number;
}

interface PlannedLoan {
  kind: LoanKind;
  day: string;
  overdueFrom?: number;
}

/** Where each loan of a customer sits in time, planned backwards from today. */
function planLoans(rng: Random, profile: Profile, today: string): PlannedLoan[] {
  const count = profile === 'accrual' ? 1 : rng.weighted(LOANS_PER_CUSTOMER);
  const newest = rng.weighted(profile === 'accrual' ? ACCRUAL_LOAN : NEWEST_LOAN);
  const plans: PlannedLoan[] = [];
  let start: string;
  switch (newest) {
    case 'PAID':
      start = addDays(today, -rng.int(86, 220));
      break;
    case 'ACTIVE':
      start = addDays(today, -rng.int(2, 83));
      break;
    case 'DELAYED':
    case 'OVERDUE_UNACCRUED': {
      // Installment j is the oldest unpaid one, `late` days past due today.
      const j = rng.int(1, TERM_WEEKS);
      const late = newest === 'DELAYED' ? rng.int(1, 60) : rng.int(1, 28);
      start = addDays(today, -late - 7 * j);
      plans.push({ kind: newest, day: start, overdueFrom: j });
      break;
    }
    case 'PENDING':
      start = addDays(today, -rng.int(1, 10));
      break;
    case 'APPROVED':
      start = addDays(today, -rng.int(2, 10));
      break;
    default:
      start = addDays(today, -rng.int(3, 200));
  }
  if (plans.length === 0) plans.push({ kind: newest, day: start });
  // Older loans: finished (PAID) before the next one was requested; a few requests were cancelled.
  let cursor = addDays(start, -3);
  for (let i = 1; i < count; i++) {
    if (rng.chance(0.04)) {
      cursor = addDays(cursor, -rng.int(3, 30));
      plans.push({ kind: 'CANCELLED_PENDING', day: cursor });
      continue;
    }
    const activation = addDays(cursor, -rng.int(3, 45) - 7 * TERM_WEEKS - 14);
    plans.push({ kind: 'PAID', day: activation });
    cursor = addDays(activation, -3);
  }
  return plans.reverse();
}

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
    for (const plan of plans) writer.loan(plan.kind, plan.day, plan.overdueFrom);
  }
}
