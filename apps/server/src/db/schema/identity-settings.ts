import { DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS, PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';

/**
 * The identity policy an administrator sets on 'Configuración': one row (id 1, written by the
 * migration). `require_complete_expediente`: approving a loan needs the customer's expediente complete
 * (off by default: switching it on is a decision of the business). `proof_of_address_max_months`: how
 * old a proof of address may be (DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS, 3).
 */
export const identitySettings = pgTable(
  'identity_settings',
  {
    id: smallint('id').primaryKey().default(1),
    requireCompleteExpediente: boolean('require_complete_expediente').notNull().default(false),
    proofOfAddressMaxMonths: integer('proof_of_address_max_months')
      .notNull()
      .default(DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS),
    updatedOn: column.updatedOn(),
    /** No foreign key, like audit_log: who last saved (null: never saved). */
    updatedBy: uuid('updated_by'),
  },
  (table) => [
    check('identity_settings_one_row', sql`${table.id} = 1`),
    check(
      'identity_settings_months',
      sql`${table.proofOfAddressMaxMonths} between ${sql.raw(String(PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.min))} and ${sql.raw(String(PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.max))}`,
    ),
  ],
);
