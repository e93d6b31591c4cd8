import { PROMISE_OUTCOME, VISIT_OUTCOMES } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../literals.ts';
import * as column from './columns.ts';
import { customers } from './customers.ts';
import { loans } from './loans.ts';
import { users } from './users.ts';

/**
 * A visit to a customer about one loan (modules/visits/): 'No estaba', 'Promesa de pago' (a day and an
 * amount) or 'Se negó', with a note. `visited_at` is the moment on the agent's phone, which may have
 * been offline; `idempotency_key` is the key the phone's queue sends on every retry of one visit, so a
 * repeat finds the row instead of writing a second one (kept for good: a phone may retry days later).
 * `customer_id` is the loan's customer, copied so the customer's history reads one index.
 */
export const visits = pgTable(
  'visits',
  {
    id: column.id(),
    loanId: column.owner('loan_id', () => loans.id),
    customerId: column.owner('customer_id', () => customers.id),
    /** The staff member who made the visit (the customer's agent or an administrator). */
    agentId: column.owner('agent_id', () => users.id),
    outcome: text('outcome', { enum: VISIT_OUTCOMES }).notNull(),
    visitedAt: column.instant('visited_at').notNull(),
    promisedDate: column.day('promised_date'),
    promisedAmountCents: column.cents('promised_amount_cents'),
    note: text('note'),
    idempotencyKey: text('idempotency_key'),
    createdOn: column.createdOn(),
  },
  (table) => [
    check('visits_outcome_valid', sql`${table.outcome} in (${sqlLiterals(VISIT_OUTCOMES)})`),
    // A promise has both a day and an amount; no other outcome has either.
    check(
      'visits_promise_shape',
      sql`case when ${table.outcome} = '${sql.raw(PROMISE_OUTCOME)}'
        then ${table.promisedDate} is not null and ${table.promisedAmountCents} is not null
        else ${table.promisedDate} is null and ${table.promisedAmountCents} is null end`,
    ),
    check('visits_promised_amount_positive', sql`${table.promisedAmountCents} > 0`),
    check('visits_note_length', sql`char_length(${table.note}) <= 300`),
    check('visits_key_format', sql`${table.idempotencyKey} ~ '^[A-Za-z0-9_-]{8,100}$'`),
    unique('visits_agent_key').on(table.agentId, table.idempotencyKey),
    // A loan's visits newest first: its history, the card's last visit and standing promise.
    index('visits_loan_idx').on(table.loanId, table.visitedAt),
    index('visits_customer_idx').on(table.customerId, table.visitedAt),
    // One agent's visits in one week ('Semana' of Cobranza): bounded by the agent and the week.
    index('visits_agent_idx').on(table.agentId, table.visitedAt),
    // The promises due on one day ('Hoy' of Cobranza): a few rows of the day, whatever the history.
    index('visits_promise_day_idx')
      .on(table.promisedDate, table.loanId)
      .where(sql`${table.outcome} = '${sql.raw(PROMISE_OUTCOME)}'`),
  ],
);

export type VisitRow = typeof visits.$inferSelect;
