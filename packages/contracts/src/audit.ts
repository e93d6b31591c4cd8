import { dateRange, envelope, isoDate, paged, pagedQuery, staffName, uuid } from './common.ts';
import { ACCOUNT_OPERATION_LABELS, ACCOUNT_OPERATION_TYPES, labelled } from './labels.ts';
import { z } from './zod.ts';

/** Entities the server writes to the audit trail (apps/server …AUDIT_ENTITY constants). */
export const { values: AUDIT_ENTITIES, labels: AUDIT_ENTITY_LABELS } = labelled({
  user: 'Usuario',
  customer: 'Cliente',
  address: 'Domicilio',
  customer_document: 'Documento del cliente',
  loan: 'Préstamo',
  payment: 'Pago',
  fee: 'Multa',
  bank_account: 'Cuenta',
  cash_close: 'Corte de caja',
  visit: 'Visita',
  business_settings: 'Configuración',
  write_off_settings: 'Política de castigo',
  identity_settings: 'Política de identidad',
  loan_product: 'Producto',
  contract_template: 'Plantilla de contrato',
  contract_settings: 'Política de contratos',
  book_import: 'Importación',
  statement_mapping: 'Columnas del estado de cuenta',
  bank_statement: 'Estado de cuenta bancario',
  statement_line: 'Línea del estado de cuenta',
});
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Spanish labels of the actions written today; an unknown action is shown as written. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  created: 'Creado',
  updated: 'Actualizado',
  deleted: 'Eliminado',
  cancelled: 'Cancelado',
  registered: 'Registrado',
  confirmed: 'Confirmado',
  rejected: 'Rechazado',
  recomputed: 'Recalculado',
  approved: 'Aprobado',
  activated: 'Entregado',
  restructured: 'Reestructurado',
  included_in_restructuring: 'Incluida en reestructura',
  written_off: 'Castigado',
  payoff_registered: 'Liquidación anticipada registrada',
  restored: 'Texto predeterminado restaurado',
  // Ledger movements (bank-accounts/apply-movement.ts writes `movement_<type>`).
  ...Object.fromEntries(
    ACCOUNT_OPERATION_TYPES.map((type) => [
      `movement_${type.toLowerCase()}`,
      `Movimiento: ${ACCOUNT_OPERATION_LABELS[type]}`,
    ]),
  ),
  first_admin_registered: 'Primer administrador registrado',
  first_admin_from_environment: 'Primer administrador desde el entorno',
  sessions_revoked: 'Sesiones cerradas',
  signed_out: 'Sesión cerrada',
  password_reset_link_created: 'Enlace de restablecimiento generado',
  password_reset_link_used: 'Contraseña restablecida con enlace',
  pin_locked: 'PIN bloqueado por intentos fallidos',
  pin_burst: 'Intentos de PIN sospechosos',
  pin_unlocked: 'PIN desbloqueado',
  cash_close_confirmed: 'Corte de caja confirmado',
  product_activated: 'Producto activado',
  product_deactivated: 'Producto desactivado',
  checked: 'Archivo revisado',
  imported: 'Importado',
  uploaded: 'Cargado',
};

/**
 * Longest `from`–`to` range of the audit trail and its export, in days (inclusive of both ends): a
 * year at a time, like the reports. An open range (one end or none) stays allowed: the list is paged
 * and the export stops at CSV_ROW_LIMIT rows, so no filter makes either unbounded.
 */
export const MAX_AUDIT_RANGE_DAYS = 366;

/** The filters of the audit trail; `from`/`to` are business days (TZ_BUSINESS), both inclusive. */
const auditFilters = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: 'Entidad inválida' }).optional(),
  entityId: uuid.optional(),
  userId: uuid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** `GET /api/v1/audit` (admin only): newest first, filters by entity, user and date range. */
export const auditQuery = dateRange(
  pagedQuery.pick({ page: true, size: true }).extend(auditFilters.shape),
  MAX_AUDIT_RANGE_DAYS,
);
export type AuditQuery = z.input<typeof auditQuery>;

/** `GET /api/v1/audit/export.csv` (admin only): the same filters and order as the list, every page. */
export const auditExportQuery = dateRange(auditFilters, MAX_AUDIT_RANGE_DAYS);
export type AuditExportQuery = z.input<typeof auditExportQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  /** null for the system (accrual job, first-run set-up). */
  user: z.object({ id: z.string(), ...staffName, username: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /**
   * What a person calls the records the snapshots refer to by id (agentId, registeredBy, bankAccountId,
   * loanId, customerId…): id → name, account name or loan number. Only ids that still resolve.
   */
  names: z.record(z.string(), z.string()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = paged(auditEntry);

/**
 * History of one record ('Historial' section on customer, loan and payment details):
 * `GET /api/v1/audit/{entity}/{entityId}`. Admins see any; an agent only what they can see
 * (their customers, those customers' addresses, loans, fees and payments). A customer's history
 * includes its addresses; a loan's includes its fees.
 */
export const entityHistoryParams = z.object({
  entity: z.enum(['customer', 'loan', 'payment'], { error: 'Entidad inválida' }),
  entityId: uuid,
});
export type EntityHistoryParams = z.infer<typeof entityHistoryParams>;

/** Reply of `GET /api/v1/audit/{entity}/{entityId}`: newest first, at most ENTITY_HISTORY_LIMIT rows. */
export const ENTITY_HISTORY_LIMIT = 200;
export const entityHistory = envelope(z.array(auditEntry));
export type EntityHistory = z.infer<typeof entityHistory>;
