import { TERM_WEEKS } from '@prestaya/domain';
import type { Random } from '@prestaya/server/bench';
import { addDaysFast as addDays } from '../lib/business-time.ts';
import type { LoanKind, Profile } from './settings.ts';

const LOANS_PER_CUSTOMER: readonly (readonly [number, number])[] = [
  [1, 30],
  [2, 35],
  [3, 25],
  [4, 10],
];
// About 1 % of the open loans (ACTIVE, DELAYED) restructured and 1 % written off, as a lender's book has them.
const NEWEST_LOAN: readonly (readonly [LoanKind, number])[] = [
  ['PAID', 450],
  ['ACTIVE', 250],
  ['DELAYED', 112],
  ['RESTRUCTURED', 4],
  ['WRITTEN_OFF', 4],
  ['PENDING', 80],
  ['APPROVED', 40],
  ['CANCELLED_PENDING', 30],
  ['CANCELLED_APPROVED', 30],
];
const ACCRUAL_LOAN: readonly (readonly [LoanKind, number])[] = [
  ['ACTIVE', 780],
  ['OVERDUE_UNACCRUED', 200],
  ['RESTRUCTURED', 10],
  ['WRITTEN_OFF', 10],
];
/** Days before today the newest loan of a kind was requested (overdue kinds follow their installment). */
const NEWEST_AGE: Partial<Record<LoanKind, readonly [number, number]>> = {
  PAID: [86, 220],
  ACTIVE: [2, 83],
  PENDING: [1, 10],
  APPROVED: [2, 10],
};
const OTHER_AGE = [3, 200] as const;

export interface PlannedLoan {
  kind: LoanKind;
  day: string;
  overdueFrom?: number;
  /** RESTRUCTURED and WRITTEN_OFF: the day it happened. */
  eventDay?: string;
}

/** Where each loan of a customer sits in time, planned backwards from today. */
export function planLoans(rng: Random, profile: Profile, today: string): PlannedLoan[] {
  const count = profile === 'accrual' ? 1 : rng.weighted(LOANS_PER_CUSTOMER);
  const newest = rng.weighted(profile === 'accrual' ? ACCRUAL_LOAN : NEWEST_LOAN);
  const plans: PlannedLoan[] = [];
  let start: string;
  if (newest === 'DELAYED' || newest === 'OVERDUE_UNACCRUED') {
    // Installment j is the oldest unpaid one, `late` days past due today.
    const j = rng.int(1, TERM_WEEKS);
    const late = newest === 'DELAYED' ? rng.int(1, 60) : rng.int(1, 28);
    start = addDays(today, -late - 7 * j);
    plans.push({ kind: newest, day: start, overdueFrom: j });
  } else if (newest === 'RESTRUCTURED') {
    // Restructured within the last week (its first new installment is not due yet), ≥ 8 days late then.
    const j = rng.int(1, TERM_WEEKS);
    const eventDay = addDays(today, -rng.int(1, 7));
    start = addDays(today, -rng.int(8, 60) - 7 * j);
    plans.push({ kind: newest, day: start, overdueFrom: j, eventDay });
  } else if (newest === 'WRITTEN_OFF') {
    // Written off 1–60 days ago, 90–150 days past due that day (write_off_settings default 90).
    const j = rng.int(1, TERM_WEEKS);
    const eventDay = addDays(today, -rng.int(1, 60));
    start = addDays(eventDay, -rng.int(90, 150) - 7 * j);
    plans.push({ kind: newest, day: start, overdueFrom: j, eventDay });
  } else {
    const [min, max] = NEWEST_AGE[newest] ?? OTHER_AGE;
    start = addDays(today, -rng.int(min, max));
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
