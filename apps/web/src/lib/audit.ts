import {
  ACCOUNT_OPERATION_LABELS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_FIELD_LABELS_BY_ENTITY,
  AUDIT_REASON_LABELS,
  type AuditEntry,
  CUSTOMER_DOCUMENT_TYPE_LABELS,
  FEE_STATUS_LABELS,
  formatPesos,
  LOAN_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  ROLE_LABELS,
  SCHEDULED_PAYMENT_STATUS_LABELS,
  USER_STATUS_LABELS,
} from '@prestaya/contracts';
import { formatDate, formatDateTime } from './format.ts';

/** One changed field of an audit row, ready to show: `before → after` ('—' when absent). */
export interface AuditChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

export const EMPTY_VALUE = '—';
export const SYSTEM_USER = 'Sistema';

const MONEY_FIELDS = new Set([
  'amount',
  'dailyFee',
  'weeklyFee',
  'totalToRepay',
  'currentRealAmount',
  'currentBalance',
  'balance',
  'realBalance',
  'minAmount',
  'maxAmount',
]);

const STATUS_LABELS_BY_ENTITY: Record<string, Record<string, string>> = {
  customer: { PENDING: 'Pendiente' },
  loan: LOAN_STATUS_LABELS,
  payment: PAYMENT_STATUS_LABELS,
  fee: FEE_STATUS_LABELS,
  user: USER_STATUS_LABELS,
  scheduled_payment: SCHEDULED_PAYMENT_STATUS_LABELS,
};

const CHANNEL_LABELS: Record<string, string> = { STAFF: 'Personal', PUBLIC: 'Público' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What an id the server could not name stands for (a file, a ledger movement, a record since
 * deleted): a neutral word, never the UUID itself.
 */
const UNNAMED_IDS: Record<string, string> = {
  attachmentId: 'Archivo adjunto',
  fileId: 'Archivo adjunto',
  documentId: 'Documento',
  transactionId: 'Movimiento registrado',
};
export const UNNAMED_RECORD = 'Registro no disponible';
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function auditEntityLabel(entity: string): string {
  return (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? entity;
}

/** The action's Spanish label (the contracts name every action the server writes); anything else as written. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export function auditUserName(user: AuditEntry['user']): string {
  if (!user) return SYSTEM_USER;
  return [user.name, user.lastName].filter(Boolean).join(' ') || user.username;
}

export function auditFieldLabel(key: string, entity = ''): string {
  return AUDIT_FIELD_LABELS_BY_ENTITY[entity]?.[key] ?? AUDIT_FIELD_LABELS[key] ?? key;
}

/**
 * A snapshot value as shown on screen (money, dates, status and reason labels, Sí/No, and the name
 * the server resolved for an id); '—' when empty.
 */
export function formatAuditValue(
  entity: string,
  key: string,
  value: unknown,
  names: AuditEntry['names'] = {},
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'string' && names[value.toLowerCase()]) return names[value.toLowerCase()] ?? value;
  if (typeof value === 'string' && UUID.test(value)) return UNNAMED_IDS[key] ?? UNNAMED_RECORD;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return MONEY_FIELDS.has(key) ? formatPesos(value) : String(value);
  if (Array.isArray(value)) {
    if (key === 'roles')
      return value.map((role) => ROLE_LABELS[role as 'ROLE_ADMIN'] ?? String(role)).join(', ');
    return value.length === 1 ? '1 elemento' : `${value.length} elementos`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (key === 'status') {
    const labels = STATUS_LABELS_BY_ENTITY[entity];
    return labels?.[text] ?? text;
  }
  if (key === 'paymentMethod') return PAYMENT_METHOD_LABELS[text as 'CASH'] ?? text;
  if (key === 'operationType') return ACCOUNT_OPERATION_LABELS[text as 'DEPOSIT'] ?? text;
  if (key === 'channel') return CHANNEL_LABELS[text] ?? text;
  if (key === 'documentType') return CUSTOMER_DOCUMENT_TYPE_LABELS[text as 'OTHER'] ?? text;
  if (key === 'reason') return AUDIT_REASON_LABELS[text] ?? text;
  if (ISO_DATE_TIME.test(text)) return formatDateTime(text) || text;
  if (ISO_DATE.test(text)) return formatDate(text) || text;
  return text;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields an audit row changed, in the snapshot's order: a creation lists the values it set, a
 * deletion the values it removed, an update only the keys whose value differs (old → new).
 */
export function auditChanges(
  entry: Pick<AuditEntry, 'entity' | 'before' | 'after' | 'names'>,
): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const changes: AuditChange[] = [];
  for (const key of keys) {
    if (sameValue(before[key], after[key])) continue;
    const change = {
      key,
      label: auditFieldLabel(key, entry.entity),
      before: formatAuditValue(entry.entity, key, before[key], entry.names),
      after: formatAuditValue(entry.entity, key, after[key], entry.names),
    };
    // null → undefined and the like: nothing a reader would call a change.
    if (change.before === change.after) continue;
    changes.push(change);
  }
  return changes;
}
