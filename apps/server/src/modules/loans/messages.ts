/** Spanish texts of the loans module (shown to users as problem `detail`). */
export const LOAN_MESSAGES = {
  notFound: 'Préstamo no encontrado',
  adminOnlyRequestFields:
    'Solo un administrador puede indicar la fecha de solicitud o un préstamo ya iniciado',
  adminOnlyStatus: 'Solo un administrador puede cambiar el estatus de un préstamo',
  openLoanExists: 'El cliente ya tiene un préstamo en curso',
  amountOnlyWhilePending: 'Solo se puede modificar el monto mientras el préstamo está en espera',
  loanFromPastOnlyWhilePending:
    'Solo se puede cambiar "Préstamo ya iniciado" mientras el préstamo está en espera',
  requestDateOnlyBeforeDelivery: 'La fecha de solicitud solo se puede cambiar antes de la entrega',
  futureRequestDate: 'La fecha de solicitud no puede ser posterior a hoy',
  approveOnlyPending: 'Solo se puede aprobar un préstamo en espera',
  activateOnlyApproved: 'Solo se puede entregar un préstamo aprobado',
  bankAccountRequired: 'Seleccione la cuenta de retiro',
  insufficientBalance: 'Saldo insuficiente en la cuenta para aprobar el préstamo',
  invalidAmount: 'Monto inválido',
  invalidStatus: 'Estatus inválido',
} as const;

/** Concepts of the ledger rows a loan causes; `#num` lets the account's history name the loan. */
export const ledgerReason = {
  reservation: (num: number) => `Reserva préstamo #${num}`,
  delivery: (num: number) => `Entrega préstamo #${num}`,
  release: (num: number) => `Liberación préstamo #${num}`,
};

export const LOAN_AUDIT_ENTITY = 'loan';
