import {
  buildSchedule,
  DAILY_FEE_CENTS,
  DEFAULT_INTEREST_BP,
  lateFeeConcept,
  loanStanding,
  loanTerms,
  outstandingPrincipalCents,
  planRestructure,
  TERM_WEEKS,
} from '@prestaya/domain';
import { type Random, schema } from '@prestaya/server/bench';
import type { CopyValue } from '../lib/bulk.ts';
import { addDaysFast as addDays, daysBetween, iso } from '../lib/business-time.ts';
import type { WorldBuffers } from './buffers.ts';
import { accrueFees, type Fee, type Installment, type LoanRow } from './fees.ts';
import type { LoanKind, WorldSettings } from './settings.ts';

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

/** What a restructuring left on the loan row (modules/loans/restructure.ts). */
interface Restructured {
  count: number;
  onMs: number | null;
  principalCents: number | null;
  weeks: number | null;
  lastNumber: number | null;
}

const RESTRUCTURE_REASONS = [
  'Perdió su empleo; puede pagar menos por semana',
  'Enfermedad en la familia, pide más plazo',
  'Su negocio bajó ventas esta temporada',
  'Acuerdo de pago tras visita de cobranza',
] as const;
const WRITE_OFF_REASONS = [
  'Cliente no localizable en su domicilio ni por teléfono',
  'Más de 90 días sin pago y sin acuerdo de cobranza',
  'Cliente se mudó fuera de la zona de cobranza',
] as const;

/** Staff work 08:00–19:59 on the business clock. */
export const WORK_START = 8 * 60;
export const WORK_END = 20 * 60 - 1;

/** One customer's rows, appended to the buffers. */
export class CustomerWriter {
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

  private payment(
    loan: LoanRow,
    createdMs: number,
    status: 'PAID' | 'REJECTED' | 'VALIDATING',
    installments: Installment[],
    fees: Fee[],
    options: { partial?: { installment: Installment; cents: number }; recovery?: boolean } = {},
  ): number | null {
    const id = this.rng.uuid7(createdMs);
    const decidedMs = status === 'VALIDATING' ? null : this.later(createdMs, 5, 240);
    const publicChannel = this.s.profile === 'history' && this.rng.chance(0.2);
    const { partial } = options;
    let amountCents = 0;
    const installmentItems = () => {
      for (const installment of installments) {
        amountCents += installment.amountCents;
        this.out.paymentItems.add([
          this.rng.uuid7(createdMs),
          id,
          installment.id,
          null,
          installment.concept,
          installment.amountCents,
          0,
        ]);
      }
    };
    // An abono (domain abono.ts allocateAbono) pays the fees first, then the installments oldest
    // first, the last one in part; ticked items list the installments first.
    if (!partial) installmentItems();
    for (const fee of fees) {
      amountCents += fee.amountCents;
      this.out.paymentItems.add([
        this.rng.uuid7(createdMs),
        id,
        null,
        fee.id,
        lateFeeConcept(fee.installment.number),
        fee.amountCents,
        0,
      ]);
    }
    if (partial) {
      installmentItems();
      amountCents += partial.cents;
      this.out.paymentItems.add([
        this.rng.uuid7(createdMs),
        id,
        partial.installment.id,
        null,
        partial.installment.concept,
        partial.cents,
        partial.installment.amountCents - partial.cents,
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
      // Collected when registered: the generated payments were all taken with signal.
      iso(createdMs),
      partial ? 'ABONO' : 'ITEMS',
      options.recovery === true,
    ]);
    return decidedMs;
  }

  /** Unpaid installments past due on `day` DELAYED, with the fees the accrual charged through `day`. */
  private delayThrough(loan: LoanRow, installments: Installment[], fees: Fee[], day: string) {
    const unpaid = installments.filter((i) => i.status !== 'PAID');
    for (const installment of unpaid) {
      if (installment.dueDate >= day) continue;
      installment.status = 'DELAYED';
      fees.push(...accrueFees(this.s, this.rng, installment, loan, day, 'PENDING'));
    }
    return unpaid;
  }

  /**
   * The restructuring an administrator made on `day` (modules/loans/restructure.ts): the unpaid
   * installments RESTRUCTURED, the pending fines forgiven or included, the plan of domain
   * planRestructure appended, its loan_restructurings row. Returns its instant.
   */
  private restructure(
    loan: LoanRow,
    amountCents: number,
    installments: Installment[],
    fees: Fee[],
    day: string,
    lastMs: number,
    out: Restructured,
  ): number {
    const rng = this.rng;
    const unpaid = this.delayThrough(loan, installments, fees, day);
    const atMs = Math.max(lastMs + 60_000, this.instant(day));
    const include = rng.chance(0.5);
    const pending = fees.filter((f) => f.status === 'PENDING');
    const outcome = planRestructure({
      remainingCents: unpaid.map((i) => i.amountCents - i.paidCents),
      pendingFeesCents: pending.map((f) => f.amountCents),
      fines: include ? 'incluir' : 'condonar',
      weeks: rng.int(4, 16),
      today: day,
      lastPaymentNumber: installments.length,
    });
    if (!outcome.ok)
      throw new Error(`restructuring refused: ${outcome.refusal} (customer ${this.customerId})`);
    const { plan } = outcome;
    const reason = rng.pick(RESTRUCTURE_REASONS);
    // The principal the portfolio report carries, from the unpaid figures before the restructuring.
    const principalCents = outstandingPrincipalCents({
      amountCents,
      termWeeks: TERM_WEEKS,
      unpaidInstallments: unpaid.length,
      lastInstallmentUnpaid: true,
    });
    for (const installment of unpaid) installment.status = 'RESTRUCTURED';
    for (const fee of pending) {
      if (include) {
        fee.status = 'RESTRUCTURED';
      } else {
        fee.status = 'CANCELLED';
        fee.cancelledMs = atMs;
        fee.cancelReason = `Condonada en la reestructura 1: ${reason}`;
      }
    }
    for (const item of plan.installments) {
      installments.push({
        id: rng.uuid7(atMs),
        number: item.paymentNumber,
        dueDate: item.dueDate,
        amountCents: item.amountCents,
        paidCents: 0,
        concept: item.concept,
        status: 'PENDING',
        paidOnMs: null,
        feeCount: 0,
        feeCents: 0,
      });
    }
    const first = plan.installments[0];
    const last = plan.installments.at(-1);
    if (!first || !last) throw new Error('a restructuring plan has at least one installment');
    this.out.restructurings.add([
      rng.uuid7(atMs),
      loan.id,
      1,
      iso(atMs),
      this.s.adminId,
      reason,
      include,
      plan.installments.length,
      plan.closedCents,
      plan.condonedFinesCents,
      plan.includedFinesCents,
      plan.spreadCents,
      principalCents,
      first.paymentNumber,
      last.paymentNumber,
    ]);
    Object.assign(out, {
      count: 1,
      onMs: atMs,
      principalCents,
      weeks: plan.installments.length,
      lastNumber: last.paymentNumber,
    } satisfies Restructured);
    return atMs;
  }

  /**
   * The write-off an administrator made on `day` (modules/write-offs/write-off.ts) of a loan DELAYED
   * at least 90 days, with what it owed then; 30 % later paid their oldest installment and its fines
   * (a recovery: an ordinary payment on a written-off loan). Returns the instant of the last event.
   */
  private writeOff(
    loan: LoanRow,
    amountCents: number,
    installments: Installment[],
    fees: Fee[],
    day: string,
    lastMs: number,
  ): number {
    const rng = this.rng;
    const unpaid = this.delayThrough(loan, installments, fees, day);
    const oldest = unpaid[0];
    const standing = loanStanding(installments, fees, day);
    if (!oldest || standing.status !== 'DELAYED')
      throw new Error(`write-off of a loan not DELAYED (customer ${this.customerId})`);
    const atMs = Math.max(lastMs + 60_000, this.instant(day));
    this.out.writeOffs.add([
      rng.uuid7(atMs),
      loan.id,
      standing.currentBalanceCents,
      outstandingPrincipalCents({
        amountCents,
        termWeeks: TERM_WEEKS,
        unpaidInstallments: unpaid.length,
        lastInstallmentUnpaid: true,
      }),
      daysBetween(oldest.dueDate, day),
      rng.pick(WRITE_OFF_REASONS),
      day,
      this.s.adminId,
      iso(atMs),
    ]);
    const from = addDays(day, 1);
    const yesterday = addDays(this.s.today, -1);
    if (from > yesterday || !rng.chance(0.3)) return atMs;
    const payDay = addDays(from, rng.int(0, daysBetween(from, yesterday)));
    const payMs = Math.max(atMs + 60_000, this.instant(payDay));
    const itsFees = fees.filter((f) => f.installment === oldest && f.status === 'PENDING');
    const decidedMs = this.payment(loan, payMs, 'PAID', [oldest], itsFees, { recovery: true }) as number;
    oldest.status = 'PAID';
    oldest.paidOnMs = decidedMs;
    for (const fee of itsFees) fee.status = 'PAID';
    return decidedMs;
  }

  /** Writes one loan of `kind`; `day` is its activation day (delivered kinds) or request day. */
  loan(kind: LoanKind, day: string, overdueFrom?: number, eventDay?: string): number {
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
    const restructured: Restructured = {
      count: 0,
      onMs: null,
      principalCents: null,
      weeks: null,
      lastNumber: null,
    };

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
        paidCents: 0,
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
      // About 10 % of the open loans carry an abono: their last payment paid its installments (and
      // their fines) whole and part of the next installment, on or before that one fell due.
      const abono =
        (kind === 'ACTIVE' || kind === 'DELAYED' || kind === 'OVERDUE_UNACCRUED') &&
        paidCount < installments.length &&
        rng.chance(0.12);
      const partialOf = (installment: Installment) => {
        const cents = 100 * rng.int(1, Math.floor(installment.amountCents / 100) - 1);
        installment.paidCents = cents;
        return { installment, cents };
      };

      // Installments paid oldest first, 1–8 per payment.
      let k = 0;
      let lastMs = activatedMs;
      while (k < paidCount) {
        const size = Math.min(rng.int(1, 8), paidCount - k);
        const group = installments.slice(k, k + size);
        const first = group[0] as Installment;
        const next = installments[k + size];
        const abonoGroup = abono && k + size === paidCount;
        // The abono's group comes late, so that it pays fines too.
        const late = abonoGroup || (this.latePayer && rng.chance(0.3));
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
          i.dueDate < paidDay ? accrueFees(this.s, this.rng, i, loan, paidDay, 'PAID') : [],
        );
        fees.push(...groupFees);
        const partial = abonoGroup ? partialOf(installments[paidCount] as Installment) : undefined;
        const decidedMs = this.payment(loan, payMs, 'PAID', group, groupFees, { partial }) as number;
        for (const installment of group) {
          installment.status = 'PAID';
          installment.paidOnMs = decidedMs;
        }
        lastMs = decidedMs;
        k += size;
      }

      if (abono && paidCount === 0) {
        // Nothing paid whole before: the abono paid part of the first installment, by its due date.
        const first = installments[0] as Installment;
        const activationDay = s.clock.dayOf(activatedMs).day;
        const lastDay = first.dueDate < yesterday ? first.dueDate : yesterday;
        if (lastDay >= activationDay) {
          const payDay = addDays(activationDay, rng.int(0, daysBetween(activationDay, lastDay)));
          const payMs = Math.max(lastMs + 60_000, this.instant(payDay));
          lastMs = this.payment(loan, payMs, 'PAID', [], [], { partial: partialOf(first) }) as number;
        }
      }

      const unpaid = installments.slice(paidCount);
      if (kind === 'ACTIVE' && !abono && unpaid.length > 0 && s.profile === 'history' && rng.chance(0.1)) {
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
          fees.push(...accrueFees(this.s, this.rng, installment, loan, today, 'PENDING'));
        }
        const forgiven = fees.find((f) => f.status === 'PENDING');
        if (forgiven && rng.chance(0.03)) {
          forgiven.status = 'CANCELLED';
          const cancelDay = addDays(forgiven.feeDate, rng.int(1, 3));
          forgiven.cancelledMs = this.instant(cancelDay <= yesterday ? cancelDay : yesterday);
        }
      }

      if (kind === 'RESTRUCTURED' && eventDay) {
        lastMs = this.restructure(
          loan,
          terms.amountCents,
          installments,
          fees,
          eventDay,
          lastMs,
          restructured,
        );
      }
      if (kind === 'WRITTEN_OFF' && eventDay) {
        lastMs = this.writeOff(loan, terms.amountCents, installments, fees, eventDay, lastMs);
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
          // The parts of domain abono.ts: paid whole, held whole by a payment in validation, or paid
          // in part by an abono.
          i.status === 'PAID' ? i.amountCents : i.paidCents,
          i.status === 'VALIDATING' ? i.amountCents : 0,
        ]);
      }
      for (const f of fees) {
        this.out.fees.add([
          f.id,
          loan.id,
          f.installment.id,
          f.feeDate,
          lateFeeConcept(f.installment.number),
          f.amountCents,
          f.status,
          iso(f.createdMs),
          f.cancelledMs === null ? null : iso(f.cancelledMs),
          f.cancelledMs === null ? null : s.adminId,
          f.status === 'PAID' ? f.amountCents : 0,
          f.status === 'VALIDATING' ? f.amountCents : 0,
          f.cancelReason ?? null,
        ]);
        updatedMs = Math.max(updatedMs, f.cancelledMs ?? f.createdMs);
      }
      const standing = loanStanding(installments, fees, today);
      // Before its first accrual run a loan keeps the status of its last recomputation (a payment);
      // a written-off one keeps its status whatever its balances (modules/loans/balance.ts).
      status =
        kind === 'OVERDUE_UNACCRUED' ? 'ACTIVE' : kind === 'WRITTEN_OFF' ? 'WRITTEN_OFF' : standing.status;
      balances = { real: standing.currentRealAmountCents, balance: standing.currentBalanceCents };
      updatedMs = Math.max(updatedMs, lastMs);
      const expected = kind === 'RESTRUCTURED' ? 'ACTIVE' : kind;
      if (status !== expected && kind !== 'OVERDUE_UNACCRUED')
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
      schema.DEFAULT_PRODUCT_ID,
      restructured.count,
      restructured.onMs === null ? null : iso(restructured.onMs),
      restructured.onMs === null ? null : s.adminId,
      restructured.principalCents,
      restructured.weeks,
      restructured.lastNumber,
    ];
    this.out.loans.add(row);
    return createdMs;
  }
}
