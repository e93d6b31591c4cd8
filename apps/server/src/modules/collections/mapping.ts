import {
  type CollectionCard,
  type CollectionsSummary,
  centsToPesos,
  daysBetween,
  type LoanStatus,
} from '@prestaya/contracts';
import {
  type InstallmentStatus,
  oldestFirst,
  type PayableInstallment,
  selectPayment,
} from '@prestaya/domain';
import { toScheduledPaymentDto } from '../loans/mapping.ts';
import { toFeeDto } from '../payments/mapping.ts';
import { toVisitSummary, type VisitJson } from '../visits/mapping.ts';

/** Sums of bigint columns arrive as numeric strings. */
type Cents = string | number;

/** A card's columns: the loan, its customer, first address and agent, and what is due. */
export interface CardColumns {
  loan_id: string;
  loan_num: number;
  loan_status: LoanStatus;
  balance_cents: Cents;
  restructure_count: number;
  customer_id: string;
  customer_num: number;
  name: string;
  last_name: string;
  second_last_name: string | null;
  phone: string;
  address_id: string | null;
  street: string;
  num_exterior: string;
  num_interior: string | null;
  neighborhood: string;
  city: string;
  state: string;
  postal_code: string;
  agent_id: string | null;
  agent_num: number;
  agent_name: string;
  agent_last_name: string;
  installments: DueInstallment[] | null;
  fees: DueFee[] | null;
  collected_cents: Cents;
  last_visit: VisitJson | null;
  latest_promise: VisitJson | null;
}

/** A row of the statement: the summary, and a card unless the page is empty (then its columns are null). */
export type CollectionsRow = {
  count_today: number;
  count_week: number;
  count_overdue: number;
  matching: number;
  to_collect_cents: Cents;
  collected_today_cents: Cents;
} & (CardColumns | { [K in keyof CardColumns]: null });

/**
 * The JSON objects the statement builds: an installment as the payment rules read it, a fee as the
 * shared fee mapper reads it.
 */
type DueInstallment = PayableInstallment & { status: InstallmentStatus };
type DueFee = Parameters<typeof toFeeDto>[0];

export function toSummary(row: CollectionsRow | undefined): CollectionsSummary {
  return {
    toCollectToday: centsToPesos(Number(row?.to_collect_cents ?? 0)),
    collectedToday: centsToPesos(Number(row?.collected_today_cents ?? 0)),
    counts: { today: row?.count_today ?? 0, week: row?.count_week ?? 0, overdue: row?.count_overdue ?? 0 },
  };
}

/** The cards of the rows (none when the page is empty), in the statement's order. */
export function toCards(rows: CollectionsRow[], today: string): CollectionCard[] {
  return rows.flatMap((row) => (row.loan_id === null ? [] : [toCard(row, today)]));
}

function toCard(row: CardColumns, today: string): CollectionCard {
  const installments = oldestFirst(row.installments ?? []);
  const dueFees = row.fees ?? [];
  const oldestDueDate = installments[0]?.dueDate ?? null;
  // What is due: every pending fee and every installment due, as a payment of all of them would be.
  const dueCents = selectPayment(
    installments,
    dueFees,
    installments.length,
    (item) => item.amountCents,
  ).amountCents;
  return {
    loan: {
      id: row.loan_id,
      num: row.loan_num,
      status: row.loan_status,
      currentBalance: centsToPesos(Number(row.balance_cents)),
      restructureCount: Number(row.restructure_count),
    },
    customer: {
      id: row.customer_id,
      num: row.customer_num,
      name: row.name,
      lastName: row.last_name,
      secondLastName: row.second_last_name,
      phone: row.phone,
    },
    address: row.address_id
      ? {
          street: row.street,
          numExterior: row.num_exterior,
          numInterior: row.num_interior,
          neighborhood: row.neighborhood,
          city: row.city,
          state: row.state,
          postalCode: row.postal_code,
        }
      : null,
    agent: row.agent_id
      ? { id: row.agent_id, num: row.agent_num, name: row.agent_name, lastName: row.agent_last_name }
      : null,
    due: {
      scheduledPayments: installments.map(toScheduledPaymentDto),
      fees: dueFees.map(toFeeDto),
      total: centsToPesos(dueCents),
    },
    oldestDueDate,
    daysLate: oldestDueDate ? daysBetween(oldestDueDate, today) : 0,
    collectedToday: centsToPesos(Number(row.collected_cents)),
    lastVisit: toVisitSummary(row.last_visit),
    // A promise stands until its day has passed (a kept one too: the card says what was promised).
    promise:
      row.latest_promise?.promisedDate && row.latest_promise.promisedDate >= today
        ? toVisitSummary(row.latest_promise)
        : null,
  };
}
