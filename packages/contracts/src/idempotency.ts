/**
 * `Idempotency-Key`: a client sends one random key per payment it means to register, and a repeat of
 * the same request with the same key (a double click, a retry after a lost reply) gets the first reply
 * instead of a second payment or a 409. Zod-free, so the borrower's pages can use it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 8 to 100 letters, digits, '-' or '_': a UUID fits, and nothing that could break a log line does. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** How long the server keeps a key's reply; a later repeat runs as a new request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
