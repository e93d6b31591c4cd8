/** SQLSTATE codes both node-postgres and PGlite expose as `error.code`. */
const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';

/** Drizzle wraps driver errors in `cause`; look through the chain. */
function sqlState(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current as { code: string; constraint?: unknown };
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const state = sqlState(error);
  if (state?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || state.constraint === constraint;
}

/**
 * SQLSTATE class 22 (data exception: a NUL character in text, a number out of range, an impossible
 * date…) can only come from values a client sent that slipped past validation: a 400, never a 500.
 */
export function isDataException(error: unknown): boolean {
  const code = sqlState(error)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * PostgreSQL broke a lock cycle by failing this transaction (40P01): nothing of it was written, and
 * running it again usually succeeds.
 */
export function isDeadlock(error: unknown): boolean {
  return sqlState(error)?.code === DEADLOCK_DETECTED;
}
