import type { SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from './client.ts';
import { auditLog } from './schema/audit.ts';

export interface AuditEntry {
  /** The signed-in user who made the change; null for the system or an anonymous first-run step. */
  actorId: string | null;
  entity: string;
  entityId: string;
  action: string;
  /** Snapshots as the API shows them: never password or PIN hashes. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Every state change calls this with the transaction that makes the change, so both commit together. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: uuidv7(),
    userId: entry.actorId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Inserts one row and writes its audit entry (`created` unless told) in the same transaction, with the
 * snapshot the audit trail keeps of that kind of row.
 */
export async function insertAudited<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  values: PgInsertValue<T>,
  audit: {
    actorId: string | null;
    entity: string;
    snapshot: (row: T['$inferSelect']) => Record<string, unknown>;
    action?: string;
  },
): Promise<T['$inferSelect']> {
  const [row] = (await tx.insert(table).values(values).returning()) as (T['$inferSelect'] & { id: string })[];
  if (!row) throw new Error('insert returned no row');
  await writeAudit(tx, {
    actorId: audit.actorId,
    entity: audit.entity,
    entityId: row.id,
    action: audit.action ?? 'created',
    after: audit.snapshot(row),
  });
  return row;
}

/**
 * Updates the row `where` selects and writes its `updated` audit entry (`before` the row read under
 * lock, `after` the stored row, plus what the row cannot show) in the same transaction. Undefined when
 * no row matched: the caller answers its own 404.
 */
export async function updateAudited<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  where: SQL,
  values: PgUpdateSetSource<T>,
  audit: {
    actorId: string | null;
    entity: string;
    entityId: string;
    before: T['$inferSelect'];
    snapshot: (row: T['$inferSelect']) => Record<string, unknown>;
    alsoAfter?: Record<string, unknown>;
  },
): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await tx.update(table).set(values).where(where).returning()) as T['$inferSelect'][];
  if (!row) return undefined;
  await writeAudit(tx, {
    actorId: audit.actorId,
    entity: audit.entity,
    entityId: audit.entityId,
    action: 'updated',
    before: audit.snapshot(audit.before),
    after: { ...audit.snapshot(row), ...audit.alsoAfter },
  });
  return row;
}
