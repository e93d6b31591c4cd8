/** Per client IP and minute, for the lookups (search + statement) and, separately, the payment POST. */
export const PUBLIC_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 } as const;
