import type { AuditEntry, auditExportQuery, z } from '@prestaya/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { withinBusinessDays } from '../../db/date-range.ts';
import { countRows, ONE, type PageRequest, type PaginateOptions, pageOf } from '../../db/paging.ts';
import { type AuditRow, auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';

export type AuditFilters = z.output<typeof auditExportQuery>;

/** An audit row with the user who acted (null for the system: accrual job, first-run set-up). */
export interface AuditJoinedRow {
  entry: AuditRow;
  actor: { id: string; name: string; lastName: string; username: string } | null;
}

const ACTOR = { id: users.id, name: users.name, lastName: users.lastName, username: users.username };

/** audit_log has no foreign key to users on purpose (the trail outlives what it describes): a left join. */
export function selectAudit(db: DbOrTx) {
  return db
    .select({ entry: auditLog, actor: ACTOR })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId));
}

export function toAuditEntry({ entry, actor }: AuditJoinedRow): AuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    user: actor
      ? { id: actor.id, name: actor.name, lastName: actor.lastName, username: actor.username }
      : null,
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
  };
}

/**
 * The filters of the trail. `from`/`to` are business days in TZ_BUSINESS, both inclusive
 * (db/date-range.ts). Entity ids are stored as the lower-case UUID text the services write.
 */
function auditFilter(filters: AuditFilters, timeZone: string): SQL | undefined {
  return and(
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId.toLowerCase()) : undefined,
    filters.userId ? eq(auditLog.userId, filters.userId) : undefined,
    withinBusinessDays(auditLog.at, filters, timeZone),
  );
}

/**
 * THE query of the audit trail, newest first (`at` is the writing transaction's time, and the UUIDv7
 * ids keep the order of the rows one transaction wrote), shared by the paged list and its CSV export.
 */
export function auditListSource(
  db: AppDb,
  filters: AuditFilters,
  page: Omit<PageRequest, 'order'>,
  timeZone: string,
): PaginateOptions<AuditJoinedRow> {
  const where = auditFilter(filters, timeZone);
  return {
    request: { ...page, order: 'desc' },
    orderColumns: { at: auditLog.at },
    defaultOrderBy: 'at',
    tiebreaker: auditLog.id,
    rows: (page) => pageOf(selectAudit(db).$dynamic(), where, page),
    count: (limit) => countRows(db, db.select(ONE).from(auditLog).where(where).$dynamic(), limit),
  };
}
