import { AML_CASE_STATUSES, AML_MATCH_KINDS, AML_MATCH_STATUSES } from '@prestaya/contracts';
import {
  AML_THRESHOLD_BOUNDS_CENTS,
  DEFAULT_AML_MONTHLY_CASH_CENTS,
  DEFAULT_AML_SINGLE_CASH_CENTS,
} from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../literals.ts';
import * as column from './columns.ts';
import { customers } from './customers.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * Anti-money-laundering screening ('PLD', docs/compliance.md). A blocked-persons list is imported
 * whole from a CSV (aml_lists, one row per import); its persons (aml_blocked_persons) are compared with
 * every customer by CURP, RFC and folded name; each hit is an aml_matches row that stops the customer
 * (modules/aml/guard.ts) until an administrator resolves it.
 */
export const amlLists = pgTable(
  'aml_lists',
  {
    id: column.id(),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    rows: integer('rows').notNull(),
    matchesFound: integer('matches_found').notNull().default(0),
    importedBy: uuid('imported_by').references(() => users.id),
    importedOn: column.instant('imported_on').notNull().defaultNow(),
  },
  (table) => [index('aml_lists_imported_idx').on(table.importedOn)],
);
export type AmlListRow = typeof amlLists.$inferSelect;

/** A listed person. `folded_name` is packages/domain foldName(name): what a customer's name meets. */
export const amlBlockedPersons = pgTable(
  'aml_blocked_persons',
  {
    id: column.id(),
    listId: column.owner('list_id', () => amlLists.id),
    name: text('name').notNull(),
    foldedName: text('folded_name').notNull(),
    curp: text('curp'),
    rfc: text('rfc'),
    /** The list the row names ('OFAC', 'Lista de Personas Bloqueadas UIF'…). */
    list: text('list').notNull(),
    listedOn: column.day('listed_on'),
  },
  (table) => [
    index('aml_blocked_persons_list_idx').on(table.listId),
    index('aml_blocked_persons_folded_idx').on(table.foldedName),
    index('aml_blocked_persons_curp_idx').on(table.curp),
    index('aml_blocked_persons_rfc_idx').on(table.rfc),
  ],
);
export type AmlBlockedPersonRow = typeof amlBlockedPersons.$inferSelect;

/**
 * A customer matching a blocked person. One row per customer, kind and matched value, whatever its
 * status: a re-imported list does not raise again what an administrator already resolved for that
 * customer, and a customer who changes name or CURP to another listed value is flagged again.
 */
export const amlMatches = pgTable(
  'aml_matches',
  {
    id: column.id(),
    customerId: column.owner('customer_id', () => customers.id),
    blockedPersonId: column.owner('blocked_person_id', () => amlBlockedPersons.id),
    kind: text('kind', { enum: AML_MATCH_KINDS }).notNull(),
    matchedValue: text('matched_value').notNull(),
    status: text('status', { enum: AML_MATCH_STATUSES }).notNull().default('OPEN'),
    foundOn: column.instant('found_on').notNull().defaultNow(),
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedOn: column.instant('resolved_on'),
  },
  (table) => [
    check('aml_matches_kind_valid', sql`${table.kind} in (${sqlLiterals(AML_MATCH_KINDS)})`),
    check('aml_matches_status_valid', sql`${table.status} in (${sqlLiterals(AML_MATCH_STATUSES)})`),
    check(
      'aml_matches_resolution',
      sql`(${table.status} = 'OPEN') = (${table.resolution} is null) and char_length(${table.resolution}) between 3 and 300`,
    ),
    uniqueIndex('aml_matches_customer_value_unique').on(table.customerId, table.kind, table.matchedValue),
    // The stop probe of every approval, delivery and payment: does the customer have an open match?
    index('aml_matches_open_customer_idx').on(table.customerId).where(sql`${table.status} = 'OPEN'`),
    index('aml_matches_status_found_idx').on(table.status, table.foundOn),
  ],
);
export type AmlMatchRow = typeof amlMatches.$inferSelect;

/** The relevant-operation thresholds: one row (id 1, written by the migration). */
export const amlSettings = pgTable(
  'aml_settings',
  {
    id: smallint('id').primaryKey().default(1),
    singleCashCents: column.cents('single_cash_cents').notNull().default(DEFAULT_AML_SINGLE_CASH_CENTS),
    monthlyCashCents: column.cents('monthly_cash_cents').notNull().default(DEFAULT_AML_MONTHLY_CASH_CENTS),
    updatedOn: column.updatedOn(),
    updatedBy: uuid('updated_by'),
  },
  (table) => [
    check('aml_settings_one_row', sql`${table.id} = 1`),
    check(
      'aml_settings_bounds',
      sql`${table.singleCashCents} between ${sql.raw(String(AML_THRESHOLD_BOUNDS_CENTS.min))} and ${sql.raw(String(AML_THRESHOLD_BOUNDS_CENTS.max))}
        and ${table.monthlyCashCents} between ${sql.raw(String(AML_THRESHOLD_BOUNDS_CENTS.min))} and ${sql.raw(String(AML_THRESHOLD_BOUNDS_CENTS.max))}`,
    ),
  ],
);

/** An 'Operación inusual' case on a customer, or on one of their payments. */
export const amlCases = pgTable(
  'aml_cases',
  {
    id: column.id(),
    customerId: column.owner('customer_id', () => customers.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    status: text('status', { enum: AML_CASE_STATUSES }).notNull().default('OPEN'),
    description: text('description').notNull(),
    openedBy: uuid('opened_by').references(() => users.id),
    openedOn: column.instant('opened_on').notNull().defaultNow(),
    conclusion: text('conclusion'),
    closedBy: uuid('closed_by').references(() => users.id),
    closedOn: column.instant('closed_on'),
  },
  (table) => [
    check('aml_cases_status_valid', sql`${table.status} in (${sqlLiterals(AML_CASE_STATUSES)})`),
    check(
      'aml_cases_texts',
      sql`char_length(${table.description}) between 3 and 1000
      and (${table.status} = 'OPEN') = (${table.conclusion} is null)`,
    ),
    index('aml_cases_opened_idx').on(table.openedOn),
  ],
);
export type AmlCaseRow = typeof amlCases.$inferSelect;
