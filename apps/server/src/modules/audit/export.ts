import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '@prestaya/contracts';
import { dateTimeCell, labelCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb } from '../../db/client.ts';
import { type AuditFilters, type AuditJoinedRow, auditListSource } from './queries.ts';

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
