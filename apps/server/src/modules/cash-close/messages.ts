/** The audit trail's entity of a confirmed 'Corte de caja' (one entry per confirmation, keyed by the agent). */
export const CASH_CLOSE_AUDIT_ENTITY = 'cash_close';
