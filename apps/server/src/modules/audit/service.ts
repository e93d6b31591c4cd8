import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditEntry,
  type auditExportQuery,
  ENTITY_HISTORY_LIMIT,
  type EntityHistoryParams,
  type Paged,
  type z,
} from '@prestaya/contracts';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import { dateTimeCell, labelCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { withinBusinessDays } from '../../db/date-range.ts';
import {
  countRows,
  ONE,
  type PageRequest,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { type AuditRow, auditLog } from '../../db/schema/audit.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { fees, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { findVisibleLoan } from '../loans/access.ts';
import { visiblePayments } from '../payments/access.ts';
import { withReferenceNames } from './names.ts';

export type AuditFilters = z.output<typeof auditExportQuery>;

/** An audit row with the user who acted (null for the system: accrual job, first-run set-up). */
export interface AuditJoinedRow {
  entry: AuditRow;
  actor: { id: string; name: string; lastName: string; username: string } | null;
}

const ACTOR = { id: users.id, name: users.name, lastName: users.lastName, username: users.username };

/** audit_log has no foreign key to users on purpose (the trail outlives what it describes): a left join. */
function selectAudit(db: DbOrTx) {
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
function auditListSource(
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

/** GET /audit (administrators; the route enforces it). */
export async function listAudit(
  db: AppDb,
  query: AuditFilters & Omit<PageRequest, 'order'>,
  timeZone: string,
): Promise<Paged<AuditEntry>> {
  const { page, size, countCap, ...filters } = query;
  const result = await paginateAs(
    auditListSource(db, filters, { page, size, countCap }, timeZone),
    toAuditEntry,
  );
  return { ...result, data: await withReferenceNames(db, result.data) };
}

/* ------------------------------------------------------------------------------------------------ */
/* One record's history ('Historial')                                                               */
/* ------------------------------------------------------------------------------------------------ */

const isEntity = (entity: string, id: string) => and(eq(auditLog.entity, entity), eq(auditLog.entityId, id));

/**
 * The rows of one record's history, after checking the actor may see the record with THE access rule
 * of its module (404 with that module's message otherwise, exactly as the record itself answers):
 * - customer: its rows and its addresses' and documents' rows, deleted ones too (each of their
 *   snapshots names its customer; the literal predicates let the partial indexes
 *   audit_log_address_customer_idx and audit_log_document_customer_idx serve them);
 * - loan: its rows and its fees' rows (fees are never deleted);
 * - payment: its rows; visible as its details are (payments/access.ts).
 */
async function historyScope(
  db: AppDb,
  actor: CustomerActor,
  { entity, entityId }: EntityHistoryParams,
): Promise<SQL | undefined> {
  switch (entity) {
    case 'customer': {
      const { id } = await findVisibleCustomer(db, actor, entityId);
      const owner = sql`coalesce(${auditLog.after} ->> 'customerId', ${auditLog.before} ->> 'customerId')`;
      return or(
        isEntity('customer', id),
        and(sql`${auditLog.entity} = 'address'`, sql`${owner} = ${id}`),
        and(sql`${auditLog.entity} = 'customer_document'`, sql`${owner} = ${id}`),
      );
    }
    case 'loan': {
      const { loan } = await findVisibleLoan(db, actor, entityId);
      const feeIds = sql`(select ${fees.id}::text from ${fees} where ${fees.loanId} = ${loan.id})`;
      return or(
        isEntity('loan', loan.id),
        and(eq(auditLog.entity, 'fee'), sql`${auditLog.entityId} in ${feeIds}`),
      );
    }
    case 'payment': {
      const [payment] = await db
        .select({ id: payments.id })
        .from(payments)
        .innerJoin(loans, eq(loans.id, payments.loanId))
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .where(and(eq(payments.id, entityId), visiblePayments(actor)))
        .limit(1);
      if (!payment) throw refuse('payment.not_found');
      return isEntity('payment', payment.id);
    }
  }
}

/** GET /audit/{entity}/{entityId}: newest first, at most ENTITY_HISTORY_LIMIT rows. */
export async function entityHistory(
  db: AppDb,
  actor: CustomerActor,
  params: EntityHistoryParams,
): Promise<AuditEntry[]> {
  const where = await historyScope(db, actor, params);
  const rows = await selectAudit(db)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ENTITY_HISTORY_LIMIT);
  return withReferenceNames(db, rows.map(toAuditEntry));
}

/* ------------------------------------------------------------------------------------------------ */
/* CSV export (GET /audit/export.csv)                                                               */
/* ------------------------------------------------------------------------------------------------ */

const snapshotCell = (snapshot: unknown) =>
  snapshot === null || snapshot === undefined ? '' : textCell(JSON.stringify(snapshot));

/**
 * Fecha (business clock), Usuario ('Sistema' for the system), Entidad and Acción as Spanish labels,
 * the record's id, and the before/after snapshots as JSON.
 */
function auditCsvColumns(timeZone: string): CsvColumn<AuditJoinedRow>[] {
  return [
    { header: 'Fecha', cell: ({ entry }) => dateTimeCell(entry.at, timeZone) },
    {
      header: 'Usuario',
      cell: ({ actor }) => (actor ? nameCell(actor.name, actor.lastName, `(${actor.username})`) : 'Sistema'),
    },
    { header: 'Entidad', cell: ({ entry }) => labelCell(AUDIT_ENTITY_LABELS, entry.entity) },
    { header: 'Id', cell: ({ entry }) => textCell(entry.entityId) },
    { header: 'Acción', cell: ({ entry }) => labelCell(AUDIT_ACTION_LABELS, entry.action) },
    { header: 'Antes', cell: ({ entry }) => snapshotCell(entry.before) },
    { header: 'Después', cell: ({ entry }) => snapshotCell(entry.after) },
  ];
}

/** The audit trail as CSV: the same filters and order as GET /audit, every page. */
export function auditCsv(db: AppDb, filters: AuditFilters, timeZone: string): CsvExport<AuditJoinedRow> {
  return {
    name: 'auditoria',
    columns: auditCsvColumns(timeZone),
    source: auditListSource(db, filters, { page: 1, size: 1 }, timeZone),
    timeZone,
  };
}
