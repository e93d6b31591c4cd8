/** Spanish texts of the payments module (shown to users as problem `detail`). */
export const PAYMENT_MESSAGES = {
  notFound: 'Pago no encontrado',
  feeNotFound: 'Multa no encontrada',
  onlyPendingFeeCancels: 'Solo se puede cancelar una multa pendiente',
  onlyValidatingDecides: 'Solo se puede confirmar o rechazar un pago en validación',
  targetAccountRequired: 'Seleccione la cuenta donde ingresó el pago',
  invalidStatus: 'Estatus inválido',
  notMultipart: 'Envíe el pago como multipart/form-data con la parte paymentRequest',
  paymentRequestMissing: 'paymentRequest: es requerido',
  paymentRequestInvalidJson: 'paymentRequest: JSON inválido',
  paymentRequestInvalidUtf8: 'paymentRequest: no es UTF-8 válido',
  paymentRequestTwice: 'paymentRequest: envíe una sola parte paymentRequest',
  oneFileOnly: 'Solo se permite un archivo',
  fileTooLarge: 'El comprobante excede 10 MB',
  fileEmpty: 'El comprobante está vacío',
  fileNotImage: 'El comprobante debe ser una imagen JPG, PNG, WebP o HEIC',
  tooManyParts: 'La solicitud tiene demasiadas partes',
  malformedMultipart: 'La solicitud multipart está incompleta o mal formada',
  attachmentLinkInvalid: 'El enlace del comprobante no es válido o ya expiró',
  attachmentNotFound: 'Comprobante no encontrado',
} as const;

/** Concept of the Abono a confirmed payment records in the account's ledger. */
export const abonoReason = (loanNum: number) => `Abono préstamo #${loanNum}`;

export const PAYMENT_AUDIT_ENTITY = 'payment';
export const FEE_AUDIT_ENTITY = 'fee';
