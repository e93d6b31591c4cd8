import { CONTRACT_TEMPLATE_KINDS, MAX_CONTRACT_TEMPLATE_LENGTH } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../literals.ts';
import * as column from './columns.ts';

/**
 * The texts of the contract and the promissory note as an administrator edited them: one row per kind,
 * none while the project's default text (modules/contract-documents/default-texts.ts) is in use, so
 * 'Restaurar texto predeterminado' deletes the row.
 */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    kind: text('kind', { enum: CONTRACT_TEMPLATE_KINDS }).primaryKey(),
    body: text('body').notNull(),
    updatedOn: column.updatedOn(),
    /** No foreign key, like audit_log: who last saved. */
    updatedBy: uuid('updated_by'),
  },
  (table) => [
    check('contract_templates_kind_valid', sql`${table.kind} in (${sqlLiterals(CONTRACT_TEMPLATE_KINDS)})`),
    check(
      'contract_templates_body_length',
      sql`char_length(${table.body}) between 1 and ${sql.raw(String(MAX_CONTRACT_TEMPLATE_LENGTH))}`,
    ),
  ],
);
export type ContractTemplateRow = typeof contractTemplates.$inferSelect;

/**
 * The contract policy an administrator sets on 'Configuración': one row (id 1, written by the
 * migration). `require_signed_contract`: delivering a loan needs its signed contract uploaded first
 * (default off).
 */
export const contractSettings = pgTable(
  'contract_settings',
  {
    id: smallint('id').primaryKey().default(1),
    requireSignedContract: boolean('require_signed_contract').notNull().default(false),
    updatedOn: column.updatedOn(),
    updatedBy: uuid('updated_by'),
  },
  (table) => [check('contract_settings_one_row', sql`${table.id} = 1`)],
);
export type ContractSettingsRow = typeof contractSettings.$inferSelect;
