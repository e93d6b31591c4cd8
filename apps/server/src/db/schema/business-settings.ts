import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { updatedOn } from './columns.ts';

/**
 * The business's own data borrowers see ('Configuración': name, phone, WhatsApp, address, hours,
 * complaints contact). One row (id 1, written by the migration), a column per setting, null when not
 * set: a new setting is a new nullable column. The CHECKs repeat the contract's bounds, so no writer
 * can store what the form refuses.
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name'),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    address: text('address'),
    hours: text('hours'),
    complaintsContact: text('complaints_contact'),
    /** The contract documents' lender: its legal name and its RECA registration number (CONDUSEF). */
    legalName: text('legal_name'),
    recaNumber: text('reca_number'),
    updatedOn: updatedOn(),
    /** No foreign key, like audit_log: who last saved (null: never saved). */
    updatedBy: uuid('updated_by'),
  },
  (table) => [
    check('business_settings_one_row', sql`${table.id} = 1`),
    check('business_settings_phone', sql`${table.phone} ~ '^[0-9]{10}$'`),
    check('business_settings_whatsapp', sql`${table.whatsapp} ~ '^[0-9]{10}$'`),
    check(
      'business_settings_lengths',
      sql`char_length(${table.name}) <= 80 and char_length(${table.address}) <= 200 and char_length(${table.hours}) <= 120 and char_length(${table.complaintsContact}) <= 200`,
    ),
    check(
      'business_settings_contract_lengths',
      sql`char_length(${table.legalName}) <= 120 and char_length(${table.recaNumber}) <= 60`,
    ),
  ],
);
export type BusinessSettingsRow = typeof businessSettings.$inferSelect;
