import {
  accountMovement,
  addressInput,
  bankAccountCreate,
  customerInput,
  isTrivialPin,
  loanApprove,
  loanCreate,
  loanUpdate,
  type PaymentMethod,
  paymentRequest,
  paymentStatusUpdate,
  pesosToCents,
  type Role,
  userCreate,
} from '@prestaya/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { bankAccounts } from '../db/schema/bank-accounts.ts';
import { customers } from '../db/schema/customers.ts';
import { users } from '../db/schema/users.ts';
import type { CustomerActor } from '../domain/customers.ts';
import { addDays, businessDate, TERM_WEEKS } from '../domain/loan-policy.ts';
import { accrueFees } from '../jobs/accrual.ts';
import { createBankAccount, moveMoney } from '../modules/bank-accounts/service.ts';
import { createAddress } from '../modules/customers/addresses.ts';
import { createCustomer } from '../modules/customers/service.ts';
import { activateLoan } from '../modules/loans/activate.ts';
import { approveLoan } from '../modules/loans/approve.ts';
import { businessTimeZone } from '../modules/loans/business-day.ts';
import { createLoan } from '../modules/loans/create.ts';
import { updateLoan } from '../modules/loans/update.ts';
import { decidePayment } from '../modules/payments/decide.ts';
import { cancelFee } from '../modules/payments/fees.ts';
import { registerPayment } from '../modules/payments/register.ts';
import { createUser } from '../modules/users/service.ts';
import { SimulatedClock } from './clock.ts';
import { type DemoPerson, demoPerson } from './people.ts';
import { mulberry32, type Random, streamFor } from './random.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF, type DemoAccountKey } from './staff.ts';

/**
 * `npm run seed:demo`: a believable small lender (demo/people.ts, demo/staff.ts) with ten weeks of
 * history, deterministic from a seed value. Nothing is inserted by hand: every customer, loan, payment,
 * fee and account movement goes through the same service functions the API calls (so through the one
 * ledger writer, recomputeLoans and the audit trail), in business order, one simulated day after another,
 * with the daily fee accrual run each morning. clock.ts then moves the timestamps of each action to its
 * simulated moment; the only other rewrites are the dates the services take from the real today (a
 * loan's request date, the due dates anchored on the delivery day).
 */

export const DEMO_MESSAGES = {
  notEmpty:
    'La base de datos ya tiene clientes: los datos de demostración solo se cargan en una base vacía ' +
    '(use otro DATA_DIR o una base de datos nueva)',
  userExists: (username: string) =>
    `Ya existe el usuario ${username}: los datos de demostración solo se cargan en una base vacía`,
} as const;

/** The database is not empty: nothing was written. */
export class DemoRefusedError extends Error {
  override name = 'DemoRefusedError';
}

/**
 * Ten weeks of history, ending today as the office opens: the night's fee accrual has run, nothing
 * else of today has happened yet. So the same seed gives the same data all day long (only the date
 * moves it), and the evening's payments wait for validation, as they would on a real morning.
 */
export const HISTORY_DAYS = 70;
const OFFICE_OPENS = 8 * 60;
const SETUP_DAY = -3;
const CUSTOMER_COUNT = 120;

type Behaviour = 'puntual' | 'tardio' | 'moroso' | 'liquida';
type Profile = Behaviour | 'enEspera' | 'aprobado' | 'cancelaEnEspera' | 'cancelaAprobado' | 'sinPrestamo';

/** How the 120 customers behave; exact counts, so every loan status is present whatever the seed. */
const PROFILE_COUNTS: readonly (readonly [Profile, number])[] = [
  ['enEspera', 5],
  ['aprobado', 4],
  ['cancelaEnEspera', 3],
  ['cancelaAprobado', 2],
  ['liquida', 10],
  ['moroso', 14],
  ['sinPrestamo', 3],
  ['tardio', 30],
  ['puntual', 49],
];

const AMOUNTS_PESOS: readonly (readonly [number, number])[] = [
  [2_000, 10],
  [3_000, 15],
  [4_000, 15],
  [5_000, 15],
  [6_000, 12],
  [7_000, 8],
  [8_000, 8],
  [10_000, 8],
  [12_000, 5],
  [15_000, 4],
];

const hm = (hours: number, minutes = 0) => hours * 60 + minutes;

export interface DemoOptions {
  seed: number;
  /** "Now" for the demo: history ends at this instant. Default: the real now. */
  now?: Date;
  /** Default TZ_BUSINESS (America/Mexico_City). */
  timeZone?: string;
}

export interface DemoStaffCredentials {
  num: number;
  name: string;
  lastName: string;
  username: string;
  password: string;
  pin: string;
  roles: Role[];
}

export interface DemoSummary {
  seed: number;
  from: string;
  to: string;
  staff: DemoStaffCredentials[];
  elapsedMs: number;
  /** Where the time went: actions of each kind, how many and how long in total. */
  timings: Record<string, { count: number; ms: number }>;
}

interface StaffMember {
  id: string;
  actor: CustomerActor;
}

interface CustomerPlan {
  index: number;
  zone: number;
  profile: Profile;
  arrivalDay: number;
  person: DemoPerson;
  random: Random;
  prefersTransfer: boolean;
  bank: 'bbva' | 'banorte';
  renews: boolean;
  amountPesos: number;
  id?: string;
}

interface LoanState {
  id: string;
  customer: CustomerPlan;
  amountCents: number;
  behaviour: Behaviour;
  isRenewal: boolean;
  deliveryDay?: number;
  /** Installments confirmed PAID. */
  paid: number;
  /** A moroso pays this many installments, then stops. */
  stopAfter: number;
  sporadicDone: boolean;
  lastPayDay?: number;
}

interface Scheduled {
  day: number;
  minute: number;
  seq: number;
  /** What it is, for the error message if it fails. */
  label: string;
  action: () => Promise<void>;
}

/**
 * The day's actions in simulated time order; an action may add later ones (same day or after). The
 * office is closed on Sundays: staff actions planned for one happen on Monday; only the nightly fee
 * accrual and the payments customers register themselves on /consulta happen any day.
 */
class Agenda {
  private readonly byDay = new Map<number, Scheduled[]>();
  private seq = 0;
  current = { day: Number.NEGATIVE_INFINITY, minute: 0 };

  constructor(
    private readonly lastDay: number,
    private readonly officeClosed: (day: number) => boolean,
  ) {}

  add(day: number, minute: number, label: string, action: () => Promise<void>, anyDay = false) {
    let d = day;
    let m = minute;
    if (d < this.current.day || (d === this.current.day && m <= this.current.minute)) {
      d = this.current.day;
      m = this.current.minute + 1;
    }
    if (m >= hm(23, 50)) {
      d += 1;
      m = hm(9);
    }
    while (!anyDay && this.officeClosed(d)) d += 1;
    if (d > this.lastDay) return; // after today: it has not happened yet
    const list = this.byDay.get(d) ?? [];
    list.push({ day: d, minute: m, seq: this.seq++, label, action });
    this.byDay.set(d, list);
  }

  next(day: number): Scheduled | undefined {
    const list = this.byDay.get(day);
    if (!list || list.length === 0) return undefined;
    let best = 0;
    for (let i = 1; i < list.length; i++) {
      const a = list[i] as Scheduled;
      const b = list[best] as Scheduled;
      if (a.minute < b.minute || (a.minute === b.minute && a.seq < b.seq)) best = i;
    }
    const [event] = list.splice(best, 1);
    if (event) this.current = { day: event.day, minute: event.minute };
    return event;
  }

  drop(day: number) {
    this.byDay.delete(day);
  }
}

/** Day of the week of a calendar date: 0 Sunday … 6 Saturday. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

async function refuseNonEmpty(db: AppDb) {
  const [customer] = await db.select({ id: customers.id }).from(customers).limit(1);
  if (customer) throw new DemoRefusedError(DEMO_MESSAGES.notEmpty);
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_STAFF.map((s) => s.username),
      ),
    )
    .limit(1);
  if (taken[0]) throw new DemoRefusedError(DEMO_MESSAGES.userExists(taken[0].username));
}

function arrivalDay(random: Random, profile: Profile): number {
  switch (profile) {
    case 'enEspera':
      return random.int(HISTORY_DAYS - 3, HISTORY_DAYS - 1);
    case 'aprobado':
      return random.int(HISTORY_DAYS - 7, HISTORY_DAYS - 3);
    case 'cancelaEnEspera':
    case 'cancelaAprobado':
      return random.int(8, 55);
    case 'liquida':
      return random.int(0, 5);
    case 'moroso':
      return random.int(0, 42);
    case 'sinPrestamo':
      return random.int(10, HISTORY_DAYS - 4);
    default:
      return random.chance(0.45) ? random.int(0, 6) : random.int(7, HISTORY_DAYS - 7);
  }
}

/** The plan of the 120 customers: who they are, their agent, when they come and how they pay. */
function planCustomers(seed: number): CustomerPlan[] {
  const master = mulberry32(seed);
  const profiles = master.shuffle(PROFILE_COUNTS.flatMap(([profile, count]) => Array(count).fill(profile)));
  const usedCurps = new Set<string>();
  const plans = profiles.slice(0, CUSTOMER_COUNT).map((profile: Profile, index): CustomerPlan => {
    const random = streamFor(seed, 1, index);
    const zone = random.int(0, 3);
    return {
      index,
      zone,
      profile,
      arrivalDay: arrivalDay(random, profile),
      person: demoPerson(random, zone, usedCurps),
      random,
      prefersTransfer: random.chance(0.35),
      bank: random.chance(0.6) ? 'bbva' : 'banorte',
      renews: random.chance(0.6),
      amountPesos: random.weighted(AMOUNTS_PESOS),
    };
  });
  // Customer numbers follow the order they come in.
  return plans.sort((a, b) => a.arrivalDay - b.arrivalDay || a.index - b.index);
}

function staffPins(seed: number): string[] {
  const random = streamFor(seed, 2);
  const pins = new Set<string>();
  while (pins.size < DEMO_STAFF.length) {
    const pin = String(random.int(1_000, 9_999));
    if (!/(\d)\1\1/.test(pin) && !isTrivialPin(pin)) pins.add(pin);
  }
  return [...pins];
}

/**
 * Fills an empty database with the demo lender. Refuses (DemoRefusedError, nothing written) when it
 * already has customers or one of the demo usernames. Returns the staff credentials and the range.
 */
export async function seedDemo(db: AppDb, options: DemoOptions): Promise<DemoSummary> {
  const started = performance.now();
  await refuseNonEmpty(db);
  const timeZone = options.timeZone ?? businessTimeZone();
  const now = options.now ?? new Date();
  const today = businessDate(now, timeZone);
  const startDate = addDays(today, -HISTORY_DAYS);
  const dateOf = (day: number) => addDays(startDate, day);
  const clock = new SimulatedClock(db, timeZone, now.getTime());
  const agenda = new Agenda(HISTORY_DAYS, (day) => weekday(dateOf(day)) === 0);
  const plans = planCustomers(options.seed);
  const pins = staffPins(options.seed);
  const credentials: DemoStaffCredentials[] = [];
  const staff = new Map<string, StaffMember>();
  const accounts = new Map<DemoAccountKey, string>();
  const timings: DemoSummary['timings'] = {};

  const member = (key: string): StaffMember => {
    const found = staff.get(key);
    if (!found) throw new Error(`demo staff ${key} not created yet`);
    return found;
  };
  const owner = () => member('admin');
  const manager = () => member('gerencia');
  const agentOf = (customer: CustomerPlan) => member(`agente${customer.zone + 1}`);
  const accountId = (key: DemoAccountKey) => {
    const id = accounts.get(key);
    if (!id) throw new Error(`demo account ${key} not created yet`);
    return id;
  };

  async function balancesCents(): Promise<Map<DemoAccountKey, number>> {
    const rows = await db
      .select({ id: bankAccounts.id, balanceCents: bankAccounts.balanceCents })
      .from(bankAccounts);
    const byId = new Map(rows.map((r) => [r.id, r.balanceCents]));
    return new Map([...accounts].map(([key, id]) => [key, byId.get(id) ?? 0]));
  }

  /* ------------------------------------------------------------------ set-up: staff and accounts */

  DEMO_STAFF.forEach((person, i) => {
    agenda.add(SETUP_DAY, hm(9, 10 * i), 'alta de usuario', async () => {
      const pin = pins[i] ?? '4826';
      const created = await createUser(
        db,
        staff.get('admin')?.id ?? null,
        userCreate.parse({ ...person, password: DEMO_PASSWORD, pin, status: 'A' }),
      );
      staff.set(person.key, { id: created.id, actor: { id: created.id, roles: created.roles } });
      credentials.push({
        num: created.num,
        name: person.name,
        lastName: person.lastName,
        username: created.username,
        password: DEMO_PASSWORD,
        pin,
        roles: created.roles,
      });
    });
  });
  DEMO_ACCOUNTS.forEach((account, i) => {
    agenda.add(SETUP_DAY + 1, hm(10, 15 * i), 'alta de cuenta', async () => {
      const { key, ...input } = account;
      const created = await createBankAccount(db, owner().id, bankAccountCreate.parse(input));
      accounts.set(key, created.id);
    });
  });

  /* ------------------------------------------------------------------ payments */

  /**
   * What the collection form would offer (the same rule as GET /loans/{id}/pending-payments): the first
   * `count` unpaid installments by number and every pending fee, oldest first. One read instead of the
   * service's four; the registration itself re-checks everything under its locks.
   */
  async function payableItems(loanId: string, count: number) {
    const [row] = rowsOf<{ installments: string[] | null; fees: string[] | null }>(
      await db.execute(sql`
        select
          (select json_agg(x.id) from (
             select id from scheduled_payments
              where loan_id = ${loanId}::uuid and status in ('PENDING', 'DELAYED')
              order by payment_number limit ${count}) x) as installments,
          (select json_agg(f.id order by f.fee_date, f.id) from fees f
            where f.loan_id = ${loanId}::uuid and f.status = 'PENDING') as fees`),
    );
    return { installmentIds: row?.installments ?? [], feeIds: row?.fees ?? [] };
  }

  function accountFor(method: PaymentMethod, customer: CustomerPlan): string {
    return accountId(method === 'CASH' ? 'caja' : customer.bank);
  }

  function schedulePayment(
    loan: LoanState,
    day: number,
    count: number,
    method: PaymentMethod,
    channel: 'STAFF' | 'PUBLIC',
  ) {
    const r = loan.customer.random;
    const minute = channel === 'PUBLIC' ? r.int(hm(19), hm(21, 45)) : r.int(hm(9), hm(17, 30));
    agenda.add(
      day,
      minute,
      'registro de pago',
      async () => {
        const registeredAt = agenda.current;
        const pending = await payableItems(loan.id, count);
        const installments = pending.installmentIds;
        if (installments.length === 0) return;
        const agent = agentOf(loan.customer);
        const payment = await registerPayment(db, {
          loanId: loan.id,
          request: paymentRequest.parse({
            scheduledPaymentIds: installments,
            feeIds: pending.feeIds,
            paymentMethod: method,
          }),
          registeredBy: agent.id,
          channel,
          actor: channel === 'STAFF' ? agent.actor : undefined,
          today: dateOf(registeredAt.day),
        });
        loan.lastPayDay = registeredAt.day;
        scheduleDecision(loan, payment.id, method, registeredAt, installments.length);
      },
      channel === 'PUBLIC',
    );
  }

  function scheduleDecision(
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
    const decider = r.chance(0.75) ? manager : owner;
    agenda.add(day, minute, 'decisión de pago', async () => {
      const at = agenda.current;
      await decidePayment(
        db,
        decider().actor,
        paymentId,
        paymentStatusUpdate.parse(
          reject
            ? { status: 'REJECTED' }
            : { status: 'PAID', targetAccountId: accountFor(method, loan.customer) },
        ),
        dateOf(at.day),
      );
      if (reject) {
        // The customer pays again in cash a few days later, to the agent.
        schedulePayment(loan, at.day + r.int(1, 3), count, 'CASH', 'STAFF');
        return;
      }
      loan.paid += count;
      if (loan.paid >= TERM_WEEKS) onPaidOff(loan, at.day);
      else planNextPayment(loan, at.day);
    });
  }

  /** When and how the customer pays their next installment(s), by how they behave. */
  function planNextPayment(loan: LoanState, fromDay: number) {
    if (loan.deliveryDay === undefined) return;
    const r = loan.customer.random;
    const k = loan.paid + 1;
    if (k > TERM_WEEKS) return;
    const due = loan.deliveryDay + 7 * k;
    let day: number;
    let count = 1;
    switch (loan.behaviour) {
      case 'puntual':
        day =
          due +
          r.weighted([
            [-2, 1],
            [-1, 2],
            [0, 6],
            [1, 1],
          ]);
        break;
      case 'tardio':
        day =
          due +
          r.weighted([
            [0, 3],
            [1, 2],
            [2, 2],
            [3, 1],
            [4, 1],
            [6, 1],
          ]);
        break;
      case 'moroso':
        if (k <= loan.stopAfter) {
          day =
            due +
            r.weighted([
              [0, 2],
              [1, 2],
              [2, 2],
              [4, 1],
              [5, 1],
            ]);
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
      scheduleFeeWaiver(loan, day);
    }
    schedulePayment(loan, day, count, transfer ? 'TRANSFER' : 'CASH', channel);
  }

  /** The manager forgives the newest pending late fee of a customer who is about to pay. */
  function scheduleFeeWaiver(loan: LoanState, day: number) {
    agenda.add(day, hm(8, 30) + loan.customer.random.int(0, 25), 'condonación de multa', async () => {
      const fee = (await payableItems(loan.id, 0)).feeIds.at(-1);
      if (fee) await cancelFee(db, manager().actor, loan.id, fee, dateOf(agenda.current.day));
    });
  }

  function onPaidOff(loan: LoanState, day: number) {
    const customer = loan.customer;
    if (!customer.renews || loan.isRenewal) return;
    // A good customer comes back for a larger loan.
    const amount = Math.min(20_000, customer.amountPesos + 1_000 * customer.random.int(1, 3));
    agenda.add(
      day + customer.random.int(2, 6),
      customer.random.int(hm(9), hm(13)),
      'solicitud de renovación',
      () => requestLoan(customer, amount, 'puntual', true),
    );
  }

  /* ------------------------------------------------------------------ loans */

  async function requestLoan(
    customer: CustomerPlan,
    amountPesos: number,
    behaviour: Behaviour,
    isRenewal: boolean,
  ) {
    if (!customer.id) throw new Error('customer not created');
    const day = agenda.current.day;
    const agent = agentOf(customer);
    const loan = await createLoan(db, agent.actor, customer.id, loanCreate.parse({ amount: amountPesos }));
    // The service dates the request today; in the simulation "today" is this day.
    await db.execute(sql`update loans set request_date = ${dateOf(day)}::date where id = ${loan.id}::uuid`);
    await db.execute(sql`
      update audit_log set after = jsonb_set(after, '{requestDate}', to_jsonb(${dateOf(day)}::text))
       where entity = 'loan' and entity_id = ${loan.id} and action = 'created'`);
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
      agenda.add(day + r.int(1, 3), r.int(hm(10), hm(12)), 'cancelación en espera', async () => {
        await updateLoan(db, owner().actor, loan.id, loanUpdate.parse({ status: 'CANCELLED' }));
      });
      return;
    }
    agenda.add(day + r.int(0, 1), r.int(hm(11), hm(13)), 'aprobación', () => approve(state));
  }

  async function approve(loan: LoanState) {
    const day = agenda.current.day;
    const r = loan.customer.random;
    const balances = await balancesCents();
    const order: DemoAccountKey[] =
      loan.amountCents <= 500_000 ? ['caja', 'bbva', 'banorte'] : ['bbva', 'banorte', 'caja'];
    const from = order.find((key) => (balances.get(key) ?? 0) >= loan.amountCents);
    if (!from) {
      agenda.add(day + 1, r.int(hm(11), hm(13)), 'aprobación', () => approve(loan)); // waits for collections
      return;
    }
    await approveLoan(db, owner().actor, loan.id, loanApprove.parse({ bankAccountId: accountId(from) }));
    const profile = loan.isRenewal ? 'puntual' : loan.customer.profile;
    if (profile === 'aprobado') return; // delivery still to come
    if (profile === 'cancelaAprobado') {
      agenda.add(day + r.int(1, 2), r.int(hm(10), hm(12)), 'cancelación aprobado', async () => {
        await updateLoan(db, owner().actor, loan.id, loanUpdate.parse({ status: 'CANCELLED' }));
      });
      return;
    }
    if (r.chance(0.6)) agenda.add(day, r.int(hm(13, 30), hm(16)), 'entrega', () => deliver(loan));
    else agenda.add(day + 1, r.int(hm(10), hm(12, 30)), 'entrega', () => deliver(loan));
  }

  async function deliver(loan: LoanState) {
    const day = agenda.current.day;
    await activateLoan(db, owner().actor, loan.id);
    // The schedule is anchored on the real today; move it to the simulated delivery day.
    await db.execute(sql`
      update scheduled_payments set due_date = due_date + (${dateOf(day)}::date - anchor.day)
        from (select min(due_date) - 7 as day from scheduled_payments where loan_id = ${loan.id}::uuid) anchor
       where loan_id = ${loan.id}::uuid`);
    loan.deliveryDay = day;
    planNextPayment(loan, day);
  }

  /* ------------------------------------------------------------------ customers */

  for (const customer of plans) {
    const r = customer.random;
    agenda.add(customer.arrivalDay, r.int(hm(9), hm(13, 30)), 'alta de cliente', async () => {
      const agent = agentOf(customer);
      const created = await createCustomer(
        db,
        agent.actor,
        customerInput.parse({ ...customer.person.customer, agentId: agent.id }),
      );
      customer.id = created.id;
      for (const address of customer.person.addresses) {
        await createAddress(db, agent.actor, created.id, addressInput.parse(address));
      }
      if (customer.profile === 'sinPrestamo') return;
      const behaviour: Behaviour =
        customer.profile === 'tardio' || customer.profile === 'moroso' || customer.profile === 'liquida'
          ? customer.profile
          : 'puntual';
      await requestLoan(customer, customer.amountPesos, behaviour, false);
    });
  }

  /* ------------------------------------------------------------------ the office's routine */

  const moveCash = (
    key: DemoAccountKey,
    movement: { withdrawal: number } | { deposit: number },
    reason: string,
  ) => moveMoney(db, manager().id, accountId(key), accountMovement.parse({ ...movement, reason }));

  for (let day = 0; day <= HISTORY_DAYS; day++) {
    const date = dateOf(day);
    // The daily fee accrual, as the server's scheduler runs it at 00:05.
    agenda.add(
      day,
      hm(0, 5),
      'multas del día',
      async () => {
        await accrueFees(db, { throughDate: dateOf(agenda.current.day), timeZone });
      },
      true,
    );
    if (weekday(date) === 5) {
      agenda.add(day, hm(17), 'viáticos', async () => {
        const caja = (await balancesCents()).get('caja') ?? 0;
        if (caja >= 160_000)
          await moveCash('caja', { withdrawal: 1_600 }, 'Viáticos de cobranza de la semana');
      });
    }
    if (weekday(date) === 6) {
      // Cash beyond $20,000 goes to the bank every Saturday.
      agenda.add(day, hm(18, 45), 'depósito de caja', async () => {
        const caja = (await balancesCents()).get('caja') ?? 0;
        const surplus = Math.floor((caja - 2_000_000) / 100_000) * 1_000;
        if (surplus <= 0) return;
        await moveCash('caja', { withdrawal: surplus }, 'Depósito en ventanilla a BBVA Operación');
        await moveCash('bbva', { deposit: surplus }, 'Depósito de efectivo de Caja general');
      });
    }
    if (date.endsWith('-01')) {
      agenda.add(day, hm(10, 30), 'renta', async () => {
        await moveCash('bbva', { withdrawal: 9_500 }, 'Renta de oficina');
      });
    }
  }

  /* ------------------------------------------------------------------ run the days */

  for (let day = SETUP_DAY; day <= HISTORY_DAYS; day++) {
    const date = dateOf(day);
    for (let event = agenda.next(day); event; event = agenda.next(day)) {
      if (day === HISTORY_DAYS && event.minute >= OFFICE_OPENS) {
        agenda.drop(day);
        break;
      }
      const { label, action } = event;
      const ran = await clock.run(date, event.minute, async () => {
        const started = performance.now();
        try {
          await action();
        } catch (error) {
          const at = `${String(Math.floor(event.minute / 60)).padStart(2, '0')}:${String(event.minute % 60).padStart(2, '0')}`;
          throw new Error(`Falló «${label}» del ${date} (${at})`, { cause: error });
        }
        const spent = timings[label] ?? { count: 0, ms: 0 };
        timings[label] = { count: spent.count + 1, ms: spent.ms + performance.now() - started };
      });
      if (!ran) {
        agenda.drop(day); // the rest of today has not happened yet
        break;
      }
    }
    await clock.endDay();
  }

  return {
    seed: options.seed,
    from: startDate,
    to: today,
    staff: credentials.sort((a, b) => a.num - b.num),
    elapsedMs: performance.now() - started,
    timings,
  };
}

/** Counts for the summary the CLI prints. */
export async function demoCounts(db: AppDb) {
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ key: string; n: number }>(await db.execute(query));
  const loansByStatus = await count(sql`select status as key, count(*)::int as n from loans group by status`);
  const paymentsByStatus = await count(
    sql`select status as key, count(*)::int as n from payments group by status`,
  );
  const feesByStatus = await count(sql`select status as key, count(*)::int as n from fees group by status`);
  const [totals] = rowsOf<{ customers: number; addresses: number; transactions: number; audit: number }>(
    await db.execute(sql`
      select (select count(*)::int from customers) as customers,
             (select count(*)::int from addresses) as addresses,
             (select count(*)::int from account_transactions) as transactions,
             (select count(*)::int from audit_log) as audit`),
  );
  const asRecord = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.n]));
  return {
    ...(totals ?? { customers: 0, addresses: 0, transactions: 0, audit: 0 }),
    loans: asRecord(loansByStatus),
    payments: asRecord(paymentsByStatus),
    fees: asRecord(feesByStatus),
  };
}
