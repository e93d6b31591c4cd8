/** Status and type values with their Spanish labels (docs/product.md §4). The one place they live. */
import {
  ACCOUNT_OPERATION_TYPES,
  type AccountOperationType,
  FEE_STATUSES,
  type FeeStatus,
  INSTALLMENT_STATUSES,
  type InstallmentStatus,
  LOAN_STATUSES,
  type LoanStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PROMISE_OUTCOMES,
  type PromiseOutcome,
  VISIT_OUTCOMES,
  type VisitOutcome,
} from '@prestaya/domain';

/**
 * A closed set of values written once with their labels, `{ VALUE: 'Etiqueta' }`: `values` keeps the
 * order written (the order of selects, filters and the schemas' enums), `labels` is the table itself.
 */
export function labelled<const K extends string>(labels: Record<K, string>) {
  // Object.keys types its result as string[]; the keys are exactly K, and there is at least one.
  const values = Object.keys(labels) as unknown as readonly [K, ...K[]];
  return { values, labels };
}

/** Whether `value` is one of a closed set (a status, a role): narrows text read from a query or a row. */
export function isOneOf<const T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export const { values: ROLES, labels: ROLE_LABELS } = labelled({
  ROLE_ADMIN: 'Administrador',
  ROLE_USER: 'Agente',
});
export type Role = (typeof ROLES)[number];

/** A user's roles as the 'Usuarios' list and its CSV show them: 'Administrador, Agente', in ROLES order. */
export function rolesLabel(roles: readonly string[]): string {
  return ROLES.filter((role) => roles.includes(role))
    .map((role) => ROLE_LABELS[role])
    .join(', ');
}

export const { values: USER_STATUSES, labels: USER_STATUS_LABELS } = labelled({
  A: 'Activo',
  DELAYED: 'Atrasado',
  CANCELLED: 'Cancelado',
});
export type UserStatus = (typeof USER_STATUSES)[number];

// The loan statuses are the domain's (their groups and transitions live beside them).
export { LOAN_STATUSES, type LoanStatus };
/** Staff labels (CustomerDetails badge and lists). */
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  PENDING: 'En espera',
  APPROVED: 'Aprobado',
  ACTIVE: 'Al corriente',
  PAID: 'Sin Adeudo',
  DELAYED: 'Atrasado',
  CANCELLED: 'Cancelado',
  WRITTEN_OFF: 'Castigado',
};

/** Where a customer's loan status goes (the header, the 'Clientes' list) when they have no loan. */
export const NO_LOAN_LABEL = 'Sin préstamo';

/** Labels on the public pages: the staff's but for two wordings, and REJECTED. */
export const PUBLIC_LOAN_STATUS_LABELS: Record<LoanStatus | 'REJECTED', string> = {
  ...LOAN_STATUS_LABELS,
  ACTIVE: 'Al Corriente',
  PAID: 'Pagado',
  // The borrower still owes a written-off loan; how the lender books the loss is not theirs to read.
  WRITTEN_OFF: 'Atrasado',
  REJECTED: 'Rechazado',
};

// Installment, fee and payment statuses are the domain's too (their status machines live beside them).
export { FEE_STATUSES, type FeeStatus, PAYMENT_STATUSES, type PaymentStatus };
export const SCHEDULED_PAYMENT_STATUSES = INSTALLMENT_STATUSES;
export type ScheduledPaymentStatus = InstallmentStatus;
export const SCHEDULED_PAYMENT_STATUS_LABELS: Record<ScheduledPaymentStatus, string> = {
  PENDING: 'Pendiente',
  DELAYED: 'Atrasado',
  PAID: 'Pagado',
  VALIDATING: 'Validando',
  REJECTED: 'Rechazado',
  CANCELLED: 'Cancelado',
  RESTRUCTURED: 'Reestructurado',
};

/** The mark of a restructured loan, beside its status wherever loans are listed. */
export const RESTRUCTURED_LOAN_LABEL = 'Reestructurado';

/** VALIDATING (not in the baseline list of docs/product.md §4): the fee is part of a payment awaiting confirmation, so it cannot be paid twice. */
export const FEE_STATUS_LABELS: Record<FeeStatus, string> = {
  PENDING: 'Pendiente',
  ACTIVE: 'Activa',
  PAID: 'Pagada',
  DELAYED: 'Atrasada',
  CANCELLED: 'Cancelada',
  VALIDATING: 'Validando',
  RESTRUCTURED: 'Incluida en reestructura',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PAID: 'Confirmado',
  VALIDATING: 'Validando',
  REJECTED: 'Rechazado',
  CANCELLED: 'Cancelado',
};

export const { values: PAYMENT_METHODS, labels: PAYMENT_METHOD_LABELS } = labelled({
  CASH: 'Efectivo',
  TRANSFER: 'Transferencia',
});
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

// The operation types are the ledger's (their effects live beside them).
export { ACCOUNT_OPERATION_TYPES, type AccountOperationType };
export const ACCOUNT_OPERATION_LABELS: Record<AccountOperationType, string> = {
  PAYMENT_DEPOSIT: 'Abono',
  WITHDRAWAL: 'Entrega',
  VIRTUAL_WITHDRAWAL: 'Reserva',
  MANUAL_WITHDRAWAL: 'Retiro',
  DEPOSIT: 'Depósito',
  RELEASE: 'Liberación',
};

// A visit's outcomes and a promise's standing are the domain's (their rules live beside them).
export { PROMISE_OUTCOMES, type PromiseOutcome, VISIT_OUTCOMES, type VisitOutcome };
export const VISIT_OUTCOME_LABELS: Record<VisitOutcome, string> = {
  NOT_HOME: 'No estaba',
  PROMISE: 'Promesa de pago',
  REFUSED: 'Se negó',
};
export const PROMISE_OUTCOME_LABELS: Record<PromiseOutcome, string> = {
  KEPT: 'Cumplida',
  PENDING: 'Por cumplir',
  BROKEN: 'Incumplida',
};

export const CUSTOMER_STATUSES = ['PENDING'] as const;

/** The kinds of file kept in a customer's 'Documentos' tab. */
export const { values: CUSTOMER_DOCUMENT_TYPES, labels: CUSTOMER_DOCUMENT_TYPE_LABELS } = labelled({
  INE_FRONT: 'INE (frente)',
  INE_BACK: 'INE (reverso)',
  PROOF_OF_ADDRESS: 'Comprobante de domicilio',
  OTHER: 'Otro',
  SIGNED_CONTRACT: 'Contrato firmado',
});
export type CustomerDocumentType = (typeof CUSTOMER_DOCUMENT_TYPES)[number];

/**
 * Spanish names of the fields the server writes in audit snapshots; `AUDIT_FIELD_LABELS_BY_ENTITY`
 * overrides a name where one entity's form calls the field otherwise (a user has one 'Apellidos').
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  num: 'No.',
  name: 'Nombre',
  lastName: 'Apellido paterno',
  secondLastName: 'Apellido materno',
  phone: 'Teléfono',
  curp: 'CURP',
  rfc: 'RFC',
  status: 'Estatus',
  agentId: 'Agente',
  customerId: 'Cliente',
  street: 'Calle',
  numExterior: 'No. exterior',
  numInterior: 'No. interior',
  neighborhood: 'Colonia',
  city: 'Ciudad',
  state: 'Estado',
  postalCode: 'Código postal',
  amount: 'Monto',
  term: 'Plazo (semanas)',
  dailyFee: 'Multa diaria',
  weeklyFee: 'Cuota semanal',
  interestBp: 'Tasa (puntos base)',
  totalToRepay: 'Total a pagar',
  loanFromPast: 'Préstamo del pasado',
  requestDate: 'Fecha de solicitud',
  bankAccountId: 'Cuenta',
  approvedOn: 'Aprobado el',
  activatedOn: 'Entregado el',
  currentRealAmount: 'Monto real',
  currentBalance: 'Saldo',
  loanId: 'Préstamo',
  loanNum: 'No. préstamo',
  paymentMethod: 'Método',
  channel: 'Canal',
  registeredBy: 'Registrado por',
  decidedBy: 'Decidido por',
  decidedOn: 'Decidido el',
  collectedAt: 'Cobrado el',
  scheduledPaymentIds: 'Pagos programados',
  feeIds: 'Multas',
  attachmentId: 'Comprobante',
  feeDate: 'Fecha de la multa',
  concept: 'Concepto',
  scheduledPaymentId: 'Pago programado',
  reason: 'Motivo',
  // Typed by the administrator who rejected a payment or cancelled a fine (shown as written).
  rejectionReason: 'Motivo',
  cancelReason: 'Motivo',
  username: 'Usuario',
  roles: 'Tipo de usuario',
  hasPin: 'PIN asignado',
  bankName: 'Banco',
  cardNumber: 'No. de tarjeta',
  clabe: 'CLABE',
  customerName: 'Titular',
  balance: 'Saldo',
  realBalance: 'Saldo real',
  transactionId: 'Transacción',
  operationType: 'Tipo de operación',
  documentType: 'Tipo de documento',
  documentDate: 'Fecha del comprobante',
  requireCompleteExpediente: 'Exigir expediente completo para aprobar',
  proofOfAddressMaxMonths: 'Antigüedad máxima del comprobante (meses)',
  description: 'Descripción',
  filename: 'Archivo',
  contentType: 'Formato',
  sizeBytes: 'Tamaño (bytes)',
  sha256: 'SHA-256',
  outcome: 'Resultado',
  visitedAt: 'Visitado el',
  promisedDate: 'Fecha prometida',
  promisedAmount: 'Monto prometido',
  note: 'Nota',
  whatsapp: 'WhatsApp',
  address: 'Domicilio',
  hours: 'Horario',
  complaintsContact: 'Contacto para quejas',
  // Loan products and a loan's copy of its product's terms.
  productId: 'Producto',
  termWeeks: 'Plazo (semanas)',
  interestPercent: 'Interés (%)',
  lateFeeCapPercent: 'Tope de multas por pago (%)',
  lateFeeCapBp: 'Tope de multas (puntos base)',
  minAmount: 'Monto mínimo',
  maxAmount: 'Monto máximo',
  renewalThreshold: 'Renovación (pagos)',
  payoffDiscountPercent: 'Descuento por liquidación anticipada (%)',
  payoffDiscountBp: 'Descuento por liquidación anticipada (puntos base)',
  active: 'Activo',
  paymentId: 'Pago',
  accountId: 'Cuenta',
  targetAccountId: 'Cuenta',
  userId: 'Usuario',
  paymentIds: 'Pagos',
  date: 'Fecha',
  count: 'Cantidad',
  total: 'Total',
  // A restructuring (loans' 'restructured' audit rows).
  restructureCount: 'Reestructuras',
  fines: 'Multas pendientes',
  weeks: 'Pagos semanales',
  closed: 'Cerrado (pagos sin pagar)',
  condonedFines: 'Multas condonadas',
  includedFines: 'Multas incluidas',
  spread: 'Total reestructurado',
  closedInstallments: 'Pagos cerrados',
  newInstallments: 'Pagos nuevos',
  legalName: 'Razón social',
  recaNumber: 'Número de registro RECA',
  requireSignedContract: 'Exigir contrato firmado para entregar',
  kind: 'Documento',
  body: 'Texto',
};

export const AUDIT_FIELD_LABELS_BY_ENTITY: Record<string, Record<string, string>> = {
  user: { lastName: 'Apellidos' },
  business_settings: { name: 'Nombre del negocio' },
};

/** Why a loan's figures were recomputed (the `reason` of its 'recomputed' audit rows). */
export const AUDIT_REASON_LABELS: Record<string, string> = {
  payment_registered: 'Pago registrado',
  payment_confirmed: 'Pago confirmado',
  payment_rejected: 'Pago rechazado',
  fee_cancelled: 'Multa cancelada',
  fees_accrued: 'Multas generadas',
  restructured: 'Reestructura',
};
