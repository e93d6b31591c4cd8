/**
 * The fetch-and-problem core under both web clients: the staff client (lib/api.ts, with a session) and
 * the borrowers' (features/public-loans/api/client.ts, without one). It imports nothing, so the
 * borrowers' pages, which have a size budget (e2e/bundle-budget.spec.ts), pay only for this file.
 */

export const GENERIC_ERROR = 'Ocurrió un error inesperado. Intente de nuevo.';
export const NETWORK_ERROR = 'No se pudo conectar con el servidor. Verifique su conexión.';

/** One field the server refused, as problem+json's `errors` lists it. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * A failed call. `status` 0: no reply, or a reply cut off; otherwise the server's refusal, whose
 * `detail` is its Spanish problem+json text, safe to show.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: FieldError[];

  constructor(status: number, detail: string, errors: FieldError[] = []) {
    super(detail);
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}

/** How a client builds its own error: each side keeps its class, so `instanceof` tells them apart. */
export type Failure<E extends HttpError> = (status: number, detail: string, errors?: FieldError[]) => E;

/** Turns a reply's body into the type the caller expects, or throws when it is not that. */
export type Reader<T> = (body: unknown) => T;

/** The body as it came, for a caller that checks it itself (session.start reads a login reply). */
export const anyBody: Reader<unknown> = (body) => body;

/** A reply with no body (204, or one the caller does not read). */
export const noBody: Reader<void> = () => undefined;

export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Network work (a request, or reading its body): a failure is status 0 — no reply, or a reply cut
 * off — which callers tell apart from the server's refusals; an abort the caller asked for passes as is.
 */
export async function overNetwork<T, E extends HttpError>(
  work: () => Promise<T>,
  fail: Failure<E>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw fail(0, NETWORK_ERROR);
  }
}

/**
 * The body as JSON (or text). A body the connection cut off mid-read — a navigation or a reload while it
 * arrives, or signal lost — is a network failure like no reply at all, so that a refresh cut short
 * keeps the stored session instead of signing out.
 */
export async function readBody<E extends HttpError>(response: Response, fail: Failure<E>): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await overNetwork(() => response.text(), fail);
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';

/** The error of a refused call: problem+json's `detail` (else its `title`) and field errors. */
export function problemError<E extends HttpError>(status: number, body: unknown, fail: Failure<E>): E {
  if (!isRecord(body)) return fail(status, GENERIC_ERROR);
  const detail = text(body.detail) ?? text(body.title) ?? GENERIC_ERROR;
  const errors = Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [];
  return fail(status, detail, errors);
}
