/**
 * Spanish texts of the public side (spec 8 "Public lookup failure";
 * docs/architecture.md "People and access").
 */
export const PUBLIC_MESSAGES = {
  /** A lookup miss: the same whether the loan number or the phone was wrong. */
  lookupMiss: 'No se encontró el Préstamo',
  /** Every refusal of the agent credential but a lock: missing, malformed, wrong PIN, unknown number. */
  badCredential: 'Autorización inválida: verifique su número de usuario y PIN',
  /** A locked user number (domain/pin-lockout.ts), with the business-clock time it opens (HH:MM, 24 h). */
  pinLocked: (time: string) => `PIN bloqueado por demasiados intentos; intente de nuevo a las ${time}`,
  /** A right PIN of a user who is neither the customer's agent nor an administrator. */
  notAssignedAgent: 'El pago debe autorizarlo el agente asignado al cliente o un administrador',
  tooManyRequests: 'Demasiadas solicitudes. Intente de nuevo en un minuto.',
} as const;

/** Per client IP and minute, for the lookups (search + statement) and, separately, the payment POST. */
export const PUBLIC_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 } as const;
