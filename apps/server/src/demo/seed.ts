import { addDays, businessDate } from '@prestaya/domain';
import { inArray } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { customers } from '../db/schema/customers.ts';
import { users } from '../db/schema/users.ts';
import { SimulatedClock } from './clock.ts';
import { scheduleCustomers } from './phase-customers.ts';
import { offerRenewal } from './phase-loans.ts';
import { scheduleRoutine } from './phase-routine.ts';
import { scheduleSetup } from './phase-setup.ts';
import { HISTORY_DAYS, planCustomers, staffPins } from './plan.ts';
import { DemoRun, type DemoStaffCredentials } from './run.ts';
import { simulateDays } from './simulate.ts';
import { DEMO_STAFF } from './staff.ts';

export { DEMO_CUSTOMER_COUNT, HISTORY_DAYS } from './plan.ts';
export type { DemoStaffCredentials } from './run.ts';

/**
 * `npm run seed:demo`: a believable small lender (people.ts, places.ts, staff.ts) with ten weeks of
 * history, deterministic from a seed value. Nothing is inserted by hand: every customer, loan, payment,
 * fee and account movement goes through the same service functions the API calls (so through the one
 * ledger writer, recomputeLoans and the audit trail), in business order, one simulated day after another,
 * with the daily fee accrual run each morning. clock.ts then moves the timestamps of each action to its
 * simulated moment; the services are given the simulated day as their business today (a loan's
 * request date, the due dates anchored on the delivery day, the statuses computed).
 *
 * The phases, each in its own file: plan.ts (who the customers are and how they behave), then on the
 * agenda (agenda.ts) phase-setup.ts (staff and accounts), phase-customers.ts (arrivals), phase-loans.ts
 * and phase-payments.ts (each loan's life), phase-routine.ts (the office's days); simulate.ts runs it.
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

export interface DemoOptions {
  seed: number;
  /** "Now" for the demo: history ends at this instant. Default: the real now. */
  now?: Date;
  /** TZ_BUSINESS (config.businessTimeZone). */
  timeZone: string;
  /** How many customers (1 to DEMO_CUSTOMER_COUNT, the default): fewer make a quicker, smaller lender. */
  customers?: number;
}

export interface DemoSummary {
  seed: number;
  from: string;
  to: string;
  staff: DemoStaffCredentials[];
  elapsedMs: number;
  timings: DemoRun['timings'];
}

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

/**
 * Fills an empty database with the demo lender. Refuses (DemoRefusedError, nothing written) when it
 * already has customers or one of the demo usernames. Returns the staff credentials and the range.
 */
export async function seedDemo(db: AppDb, options: DemoOptions): Promise<DemoSummary> {
  const started = performance.now();
  await refuseNonEmpty(db);
  const { timeZone } = options;
  const now = options.now ?? new Date();
  const today = businessDate(now, timeZone);
  const run = new DemoRun(db, timeZone, addDays(today, -HISTORY_DAYS));
  run.onPaidOff = (loan, day) => offerRenewal(run, loan, day);
  const plans = planCustomers(options.seed, options.customers);
  scheduleSetup(run, staffPins(options.seed));
  scheduleCustomers(run, plans);
  scheduleRoutine(run);
  await simulateDays(run, new SimulatedClock(db, timeZone, now.getTime()));
  return {
    seed: options.seed,
    from: run.startDate,
    to: today,
    staff: run.credentials.sort((a, b) => a.num - b.num),
    elapsedMs: performance.now() - started,
    timings: run.timings,
  };
}
