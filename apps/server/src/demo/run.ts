import type { Role } from '@prestaya/contracts';
import { addDays } from '@prestaya/domain';
import type { CustomerActor } from '../access/customers.ts';
import type { AppDb } from '../db/client.ts';
import { bankAccounts } from '../db/schema/bank-accounts.ts';
import { Agenda, weekday } from './agenda.ts';
import { type Behaviour, type CustomerPlan, HISTORY_DAYS } from './plan.ts';
import type { DemoAccountKey } from './staff.ts';

export interface DemoStaffCredentials {
  num: number;
  name: string;
  lastName: string;
  username: string;
  password: string;
  pin: string;
  roles: Role[];
}

interface StaffMember {
  id: string;
  actor: CustomerActor;
}

export interface LoanState {
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

/**
 * What every phase of the seed shares: the database, the agenda of simulated days (day 0 is
 * `startDate`), and the staff and accounts as the set-up phase creates them.
 */
export class DemoRun {
  readonly agenda: Agenda;
  readonly staff = new Map<string, StaffMember>();
  readonly accounts = new Map<DemoAccountKey, string>();
  readonly credentials: DemoStaffCredentials[] = [];
  /** Where the time went: actions of each kind, how many and how long in total. */
  readonly timings: Record<string, { count: number; ms: number }> = {};
  /**
   * Called when a loan's last installment is confirmed. Set by the loans phase, so the payments phase
   * (which the loans phase uses) need not import it back.
   */
  onPaidOff: (loan: LoanState, day: number) => void = () => {};

  constructor(
    readonly db: AppDb,
    readonly timeZone: string,
    readonly startDate: string,
  ) {
    this.agenda = new Agenda(HISTORY_DAYS, (day) => this.officeClosed(day));
  }

  /** The office is closed on Sundays. */
  officeClosed(day: number): boolean {
    return weekday(this.dateOf(day)) === 0;
  }

  dateOf(day: number): string {
    return addDays(this.startDate, day);
  }

  member(key: string): StaffMember {
    const found = this.staff.get(key);
    if (!found) throw new Error(`demo staff ${key} not created yet`);
    return found;
  }

  owner(): StaffMember {
    return this.member('admin');
  }

  manager(): StaffMember {
    return this.member('gerencia');
  }

  agentOf(customer: CustomerPlan): StaffMember {
    return this.member(`agente${customer.zone + 1}`);
  }

  accountId(key: DemoAccountKey): string {
    const id = this.accounts.get(key);
    if (!id) throw new Error(`demo account ${key} not created yet`);
    return id;
  }

  async balancesCents(): Promise<Map<DemoAccountKey, number>> {
    const rows = await this.db
      .select({ id: bankAccounts.id, balanceCents: bankAccounts.balanceCents })
      .from(bankAccounts);
    const byId = new Map(rows.map((r) => [r.id, r.balanceCents]));
    return new Map([...this.accounts].map(([key, id]) => [key, byId.get(id) ?? 0]));
  }
}
