import { CASH_COUNT_KINDS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../literals.ts';
import { bankAccounts } from './bank-accounts.ts';
import * as column from './columns.ts';
import { users } from './users.ts';

/**
 * The close of an agent's business day ('Contar efectivo' on 'Corte de caja'): the cash the server
 * expected, the cash counted, their difference and its kind, once per agent and day (the unique key is
 * what makes a second close impossible, whatever the application does).
 */
export const cashCounts = pgTable(
  'cash_counts',
  {
    id: column.id(),
    agentId: column.owner('agent_id', () => users.id),
    businessDate: column.day('business_date').notNull(),
    expectedCents: column.cents('expected_cents').notNull(),
    countedCents: column.cents('counted_cents').notNull(),
    differenceCents: column.cents('difference_cents').notNull(),
    /** 'FALTANTE', 'SOBRANTE', or null when the count matches. */
    kind: text('kind', { enum: CASH_COUNT_KINDS }),
    /** Pieces per denomination (`{ "B500": 3 }`), when the administrator listed them. */
    denominations: jsonb('denominations').$type<Record<string, number>>(),
    note: text('note'),
    /** The account the close confirmed the day's pending cash into. */
    bankAccountId: column.owner('bank_account_id', () => bankAccounts.id),
    /** Payments the close confirmed. */
    confirmedCount: integer('confirmed_count').notNull(),
    closedBy: column.owner('closed_by', () => users.id),
    closedOn: column.createdOn(),
  },
  (table) => [
    unique('cash_counts_agent_day_unique').on(table.agentId, table.businessDate),
    check('cash_counts_amounts_valid', sql`${table.expectedCents} >= 0 and ${table.countedCents} >= 0`),
    check(
      'cash_counts_difference_valid',
      sql`${table.differenceCents} = ${table.countedCents} - ${table.expectedCents}`,
    ),
    check(
      'cash_counts_kind_valid',
      sql`(${table.kind} is null and ${table.differenceCents} = 0)
        or (${table.kind} = 'FALTANTE' and ${table.differenceCents} < 0)
        or (${table.kind} = 'SOBRANTE' and ${table.differenceCents} > 0)`,
    ),
    check(
      'cash_counts_note_on_difference',
      sql`${table.differenceCents} = 0 or length(btrim(coalesce(${table.note}, ''))) > 0`,
    ),
    check(
      'cash_counts_kinds',
      sql`${table.kind} is null or ${table.kind} in (${sqlLiterals(CASH_COUNT_KINDS)})`,
    ),
  ],
);

export type CashCountRow = typeof cashCounts.$inferSelect;
