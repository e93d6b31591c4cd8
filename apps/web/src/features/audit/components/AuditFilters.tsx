import { AUDIT_ENTITIES, type AuditEntity } from '@prestaya/contracts';
import type { AuditFilters } from '../api/get-audit.ts';

// The audit screen's filters, read from the URL (the date pickers are components/DateFilter.tsx).

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters live in the URL (?entity&userId&from&to): a reload or a shared link keeps them. */
export function readFilters(params: URLSearchParams): AuditFilters {
  const entity = params.get('entity');
  const userId = params.get('userId');
  const from = params.get('from');
  const to = params.get('to');
  return {
    entity: AUDIT_ENTITIES.includes(entity as AuditEntity) ? (entity as AuditEntity) : undefined,
    userId: userId && UUID.test(userId) ? userId : undefined,
    from: from && ISO_DAY.test(from) ? from : undefined,
    to: to && ISO_DAY.test(to) ? to : undefined,
  };
}
