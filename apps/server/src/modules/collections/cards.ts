import {
  type CollectionCard,
  type CollectionTab,
  centsToPesos,
  daysBetween,
  type LoanStatus,
} from '@prestaya/contracts';
import { oldestFirst, totalCents } from '@prestaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addresses } from '../../db/schema/customers.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { fees, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { toScheduledPaymentDto } from '../loans/mapping.ts';
import { toFeeDto } from '../payments/mapping.ts';
import {
  type CollectionDay,
  collectedToday,
  dueLoans,
  horizonOf,
  inTab,
  PAYABLE_FEE_SQL,
  PAYABLE_INSTALLMENT_SQL,
} from './due-loans.ts';

/** A row of the page query: the loan, its customer, first address and agent, and what is due. */
interface CardRow {
  loan_id: string;
  loan_num: number;
  loan_status: LoanStatus;
  balance_cents: string | number;
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
  collected_cents: string | number;
}

/** The JSON objects the page query builds, with the row fields the shared DTO mappers read. */
interface DueInstallment {
  id: string;
  paymentNumber: number;
  dueDate: string;
  amountCents: number;
  status: string;
  concept: string;
}
interface DueFee {
  id: string;
  feeDate: string;
  concept: string;
  amountCents: number;
  status: string;
  scheduledPaymentId: string;
}

/**
 * The route order: postal code, colonia, customer's last name and name (accents and case folded,
 * compared byte-wise so PGlite and PostgreSQL agree whatever the database's collation), then the loan
 * number so the order is total and pages never overlap. Customers without an address go last. Names of
 * the page query's output columns, so the page and its outer SELECT sort alike.
 */
const ROUTE_ORDER = sql.raw(
  'postal_code nulls last, colonia_key nulls last, last_name_key, name_key, loan_num',
);
const sortKey = (column: SQL) => sql`unaccent(lower(${column})) collate "C"`;

export interface CardsPage {
  tab: CollectionTab;
  day: CollectionDay;
  scope: SQL | undefined;
  search: SQL | undefined;
  limit: number;
  offset: number;
}

/**
 * One page of cards in ONE statement: the loans of the tab in route order, then for the page's loans
 * only their due installments and fees (as JSON, oldest first) and today's collected payments.
 */
export async function cardsPage(db: DbOrTx, page: CardsPage): Promise<CollectionCard[]> {
  const { tab, day } = page;
  const horizon = horizonOf(tab, day);
  const rows = rowsOf<CardRow>(
    await db.execute(sql`
      with page as (
        select d.*, a.id as address_id, a.street, a.num_exterior, a.num_interior, a.neighborhood,
               a.city, a.state, a.postal_code,
               ${sortKey(sql`a.neighborhood`)} as colonia_key, ${sortKey(sql`d.last_name`)} as last_name_key,
               ${sortKey(sql`d.name`)} as name_key
          from (${dueLoans({ scope: page.scope, where: page.search, day })}) d
          left join lateral (
            select * from ${addresses} a where a.customer_id = d.customer_id
             order by a.created_on, a.id limit 1) a on true
         where ${inTab(tab, day)}
         order by ${ROUTE_ORDER}
         limit ${page.limit} offset ${page.offset})
      select page.*, u.num as agent_num, u.name as agent_name, u.last_name as agent_last_name,
             (select json_agg(json_build_object(
                       'id', sp.id, 'paymentNumber', sp.payment_number, 'dueDate', sp.due_date,
                       'amountCents', sp.amount_cents, 'status', sp.status, 'concept', sp.concept)
                     order by sp.due_date, sp.payment_number)
                from ${scheduledPayments} sp
               where sp.loan_id = page.loan_id and sp.status in (${PAYABLE_INSTALLMENT_SQL})
                 and sp.due_date <= ${horizon}::date) as installments,
             (select json_agg(json_build_object(
                       'id', f.id, 'feeDate', f.fee_date, 'concept', f.concept, 'amountCents', f.amount_cents,
                       'status', f.status, 'scheduledPaymentId', f.scheduled_payment_id)
                     order by f.fee_date, sp.payment_number)
                from ${fees} f join ${scheduledPayments} sp on sp.id = f.scheduled_payment_id
               where f.loan_id = page.loan_id and f.status in (${PAYABLE_FEE_SQL})) as fees,
             (select coalesce(sum(${payments.amountCents}), 0) from ${payments}
               where ${payments.loanId} = page.loan_id and ${collectedToday(day)}) as collected_cents
        from page
        left join ${users} u on u.id = page.agent_id
       order by ${ROUTE_ORDER}`),
  );
  return rows.map((row) => toCard(row, day.today));
}

function toCard(row: CardRow, today: string): CollectionCard {
  const installments = oldestFirst(row.installments ?? []);
  const dueFees = row.fees ?? [];
  const oldestDueDate = installments[0]?.dueDate ?? null;
  const dueCents =
    totalCents(installments, (item) => item.amountCents) + totalCents(dueFees, (item) => item.amountCents);
  return {
    loan: {
      id: row.loan_id,
      num: row.loan_num,
      status: row.loan_status,
      currentBalance: centsToPesos(Number(row.balance_cents)),
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
  };
}
