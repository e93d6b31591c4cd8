import type { AuditEntry, Paged } from '@prestaya/contracts';
import type { AppDb } from '../../db/client.ts';
import { type PageRequest, paginateAs } from '../../db/paging.ts';
import { withReferenceNames } from './names.ts';
import { type AuditFilters, auditListSource, toAuditEntry } from './queries.ts';

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
