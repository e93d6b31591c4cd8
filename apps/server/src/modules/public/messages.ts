/** Spanish texts of the public side (spec 8 "Public lookup failure"; domain.md "People and access"). */
export const PUBLIC_MESSAGES = {
  /** A lookup miss: the same whether the loan number or the phone was wrong. */
  lookupMiss: 'No se encontró el Préstamo',
  /** Every refusal of the agent credential: missing, malformed, wrong PIN, unknown number, locked. */
  badCredential: 'Autorización inválida: verifique su número de usuario y PIN',
  tooManyRequests: 'Demasiadas solicitudes. Intente de nuevo en un minuto.',
} as const;

/** Per client IP and minute, for the lookups (search + statement) and, separately, the payment POST. */
export const PUBLIC_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 } as const;
