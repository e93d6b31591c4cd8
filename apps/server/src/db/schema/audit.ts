import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';

/**
 * Who changed what, when, before → after (docs/architecture.md "People and access"). No foreign key to users
 * on purpose: the trail must outlive whatever it describes. Snapshots never hold password or PIN hashes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: column.id(),
    at: column.instant('at').notNull().defaultNow(),
    userId: uuid('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    // The trail newest first (at desc, id desc: modules/audit/queries.ts), a page read off it.
    index('audit_log_at_idx').on(table.at, table.id),
    // GET /audit filters (newest first): by entity, by acting user, each with a date range.
    index('audit_log_entity_at_idx').on(table.entity, table.at),
    index('audit_log_user_at_idx').on(table.userId, table.at),
    // A customer's history includes its addresses' rows, also of deleted addresses: every address
    // snapshot names its customer (customers/mapping.ts addressAuditSnapshot).
    index('audit_log_address_customer_idx')
      .on(sql`(coalesce(${table.after} ->> 'customerId', ${table.before} ->> 'customerId'))`)
      .where(sql`${table.entity} = 'address'`),
    // ...and its documents' rows, also of deleted documents (customer-documents/mapping.ts).
    index('audit_log_document_customer_idx')
      .on(sql`(coalesce(${table.after} ->> 'customerId', ${table.before} ->> 'customerId'))`)
      .where(sql`${table.entity} = 'customer_document'`),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
