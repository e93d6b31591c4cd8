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
