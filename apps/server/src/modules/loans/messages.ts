/** Concepts of the ledger rows a loan causes; `#num` lets the account's history name the loan. */
export const ledgerReason = {
  reservation: (num: number) => `Reserva préstamo #${num}`,
  delivery: (num: number) => `Entrega préstamo #${num}`,
  /** A renewal's delivery: the whole new amount leaves; the old loan's payoff comes back as its Abono. */
  renewalDelivery: (num: number, renewedNum: number) => `Entrega préstamo #${num} (renueva #${renewedNum})`,
  release: (num: number) => `Liberación préstamo #${num}`,
};

export const LOAN_AUDIT_ENTITY = 'loan';
