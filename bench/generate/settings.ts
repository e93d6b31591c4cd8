import type { BusinessClock } from '../lib/business-time.ts';

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

export type LoanKind =
  | 'PAID'
  | 'ACTIVE'
  | 'DELAYED'
  /** Installments past due but still PENDING and without fees: the state just before an accrual run. */
  | 'OVERDUE_UNACCRUED'
  | 'PENDING'
  | 'APPROVED'
  | 'CANCELLED_PENDING'
  | 'CANCELLED_APPROVED'
  /** DELAYED until `eventDay` (within the last week), then restructured: ACTIVE on its new schedule. */
  | 'RESTRUCTURED'
  /** DELAYED ≥ 90 days on `eventDay`, then written off; some with a recovery payment later. */
  | 'WRITTEN_OFF';
