/** Concepts of the ledger rows a loan causes; `#num` lets the account's history name the loan. */
export const ledgerReason = {
  reservation: (num: number) => `Reserva préstamo #${num}`,
  delivery: (num: number) => `Entrega préstamo #${num}`,
  release: (num: number) => `Liberación préstamo #${num}`,
};

export const LOAN_AUDIT_ENTITY = 'loan';
