/** The audit trail's entity of a confirmed 'Corte de caja' (one entry per confirmation, keyed by the agent). */
export const CASH_CLOSE_AUDIT_ENTITY = 'cash_close';

/** How the audit trail names a staff member in a close: 'Ana Agente (No. 1002)'. */
export const agentAuditName = (user: { name: string; lastName: string; num: number }) =>
  `${user.name} ${user.lastName} (No. ${user.num})`;
