import { type AuditEntity, type AuditEntry, auditEntry, type Paged, paged } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readAuditEntryPage = paged(auditEntry).parse;

/** The audit filters as the list, the URL and the CSV export carry them. */
export interface AuditFilters {
  entity?: AuditEntity;
  userId?: string;
  /** YYYY-MM-DD business days, inclusive. */
  from?: string;
  to?: string;
}

/** GET /api/v1/audit?page&size&entity&userId&from&to (admin) — newest first. */
export function getAudit(params: { page: number; size: number } & AuditFilters): Promise<Paged<AuditEntry>> {
  return api.get(apiPaths.audit, readAuditEntryPage, { ...params });
}
