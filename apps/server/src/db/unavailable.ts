/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong": the request is answered 503 (refusal 'database.unavailable') and the pool reconnects on
 * its own once PostgreSQL is back.
 */

/** SQLSTATE class 08 (connection exception) and the shutdown / start-up codes of class 57. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;

/** Socket errors of node-postgres while connecting or mid-query. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres / pg-pool raise these as plain Errors without a code: the server closed the socket,
 * the connection attempt timed out, or a client broken by an earlier error was reused.
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection terminated due to connection timeout)/;

/** Drizzle wraps driver errors in `cause`; look through the chain. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    const message = 'message' in current ? current.message : undefined;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
