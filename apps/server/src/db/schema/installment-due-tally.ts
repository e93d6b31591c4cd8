import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';

/**
 * The installments due of the 'Semana' of Cobranza (modules/collections/week.ts), kept by statement
 * triggers (migration installment_due_tally) like the report tallies: per agent of the customer and due
 * date, Σ installments and Σ cents due, and of them Σ taken (PAID or VALIDATING) and Σ cents taken
 * (those whole, plus the parts abonos paid or hold of the others: migration week_tally_parts). An installment counts
 * while it is not REJECTED or CANCELLED and its loan is delivered (ACTIVE, DELAYED, PAID). Every write
 * appends signed delta rows; a figure is the sum of its rows and the daily job folds them
 * (modules/reports/fold.ts), so a week of ten agents reads a few dozen rows at any size of business.
 * agent_id is null for customers without an agent.
 */
export const installmentDueTally = pgTable(
  'installment_due_tally',
  {
    agentId: uuid('agent_id'),
    dueDate: column.day('due_date').notNull(),
    n: column.cents('n').notNull(),
    amountCents: column.cents('amount_cents').notNull(),
    takenN: column.cents('taken_n').notNull(),
    takenCents: column.cents('taken_cents').notNull(),
  },
  (table) => [index('installment_due_tally_agent_day_idx').on(table.agentId, table.dueDate)],
);
