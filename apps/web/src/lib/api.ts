import { filenameFromDisposition } from './download.ts';
import {
  type Failure,
  type FieldError,
  GENERIC_ERROR,
  HttpError,
  isRecord,
  noBody,
  overNetwork,
  problemError,
  type Reader,
  readBody,
} from './fetch-core.ts';
import { session } from './session.ts';

/** A failed staff API call: `detail` is the server's Spanish problem+json detail, safe to show. */
export class ApiError extends HttpError {
  constructor(status: number, detail: string, errors: FieldError[] = []) {
    super(status, detail, errors);
    this.name = 'ApiError';
  }
}

const apiFailure: Failure<ApiError> = (status, detail, errors) => new ApiError(status, detail, errors);

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Overrides the session token (token refresh sends the stored one). */
  token?: string | null;
  /**
   * When false a 401 is returned to the caller as an ApiError without logging out
   * (login and token refresh decide themselves).
   */
  logoutOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

let unauthorizedHandler: () => void = () => {};

/** The app registers here how to go to Login after a 401 (kept out of lib to avoid a router import). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * A reply `read` does not accept breaks the contract: the screen shows the unexpected-error text. Not
 * an ApiError, which is the server's refusal: the call may well have done its work.
 */
function readReply<T>(read: Reader<T>, body: unknown, status: number): T {
  try {
    return read(body);
  } catch {
    throw new HttpError(status, GENERIC_ERROR);
  }
}

/**
 * The one HTTP client: JSON in/out, Bearer token from the session, problem+json → ApiError, and any
 * 401 → clear the session and go to Login (docs/product.md §2, §8). No timeout (docs/product.md §9). `read` types the reply:
 * usually a contracts schema's `parse`.
 */
export async function apiRequest<T>(path: string, read: Reader<T>, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, logoutOnUnauthorized = true } = options;
  const token = options.token === undefined ? session.token() : options.token;
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json, application/problem+json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await overNetwork(
    () => fetch(buildUrl(path, query), { method, headers, body: payload, signal }),
    apiFailure,
  );

  const data = await readBody(response, apiFailure);
  if (response.ok) return readReply(read, data, response.status);

  const error = problemError(response.status, data, apiFailure);
  if (response.status === 401 && logoutOnUnauthorized) {
    session.clear();
    unauthorizedHandler();
  }
  throw error;
}

/** A file answered by the server: its bytes and the name from `Content-Disposition` (null without one). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * GET a file (CSV export…) with the session's Bearer token. Errors and 401s are handled as in
 * `apiRequest` (problem+json → ApiError; a 401 ends the session).
 */
export async function apiDownload(
  path: string,
  query?: Record<string, QueryValue>,
  options: { signal?: AbortSignal; accept?: string } = {},
): Promise<DownloadedFile> {
  const token = session.token();
  const headers: Record<string, string> = {
    Accept: `${options.accept ?? '*/*'}, application/problem+json`,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await overNetwork(
    () => fetch(buildUrl(path, query), { method: 'GET', headers, signal: options.signal }),
    apiFailure,
  );
  if (!response.ok) {
    const error = problemError(response.status, await readBody(response, apiFailure), apiFailure);
    if (response.status === 401) {
      session.clear();
      unauthorizedHandler();
    }
    throw error;
  }
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('content-disposition')),
  };
}

type Query = Record<string, QueryValue>;

export const api = {
  get: <T>(path: string, read: Reader<T>, query?: Query, options?: RequestOptions) =>
    apiRequest(path, read, { ...options, method: 'GET', query }),
  post: <T>(path: string, read: Reader<T>, body?: unknown, options?: RequestOptions) =>
    apiRequest(path, read, { ...options, method: 'POST', body }),
  put: <T>(path: string, read: Reader<T>, body?: unknown, options?: RequestOptions) =>
    apiRequest(path, read, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, read: Reader<T>, body?: unknown, options?: RequestOptions) =>
    apiRequest(path, read, { ...options, method: 'PATCH', body }),
  /** The reply's body is not read: a deletion answers nothing the screens use. */
  delete: (path: string, options?: RequestOptions) =>
    apiRequest(path, noBody, { ...options, method: 'DELETE' }),
};

/** Reads the payload of an `{ data }` envelope with `read`. */
export const inData =
  <T>(read: Reader<T>): Reader<T> =>
  (body) =>
    read(isRecord(body) ? body.data : undefined);

/** Most replies wrap their payload as `{ data }` (a paged list too): these calls resolve to it. */
export const apiData = {
  get: <T>(path: string, read: Reader<T>, query?: Query) => api.get(path, inData(read), query),
  post: <T>(path: string, read: Reader<T>, body?: unknown, options?: RequestOptions) =>
    api.post(path, inData(read), body, options),
  put: <T>(path: string, read: Reader<T>, body?: unknown) => api.put(path, inData(read), body),
  patch: <T>(path: string, read: Reader<T>, body?: unknown) => api.patch(path, inData(read), body),
};

/** A 401 was already handled globally (session cleared, sent to Login): callers stay silent. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * POST a JSON body to a route that answers a stream of JSON lines (NDJSON: an import's progress),
 * calling `onLine` with each line as it arrives. A refusal before the stream starts is an ApiError as
 * in `apiRequest` (a 401 ends the session).
 */
export async function apiLines(path: string, body: unknown, onLine: (line: unknown) => void): Promise<void> {
  const token = session.token();
  const headers: Record<string, string> = {
    Accept: 'application/x-ndjson, application/problem+json',
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await overNetwork(
    () => fetch(path, { method: 'POST', headers, body: JSON.stringify(body) }),
    apiFailure,
  );
  if (!response.ok || !response.body) {
    const error = problemError(response.status, await readBody(response, apiFailure), apiFailure);
    if (response.status === 401) {
      session.clear();
      unauthorizedHandler();
    }
    throw error;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { done, value } = await overNetwork(() => reader.read(), apiFailure);
    pending += value ?? '';
    const lines = pending.split('\n');
    pending = done ? '' : (lines.pop() ?? '');
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line));
    if (done) return;
  }
}
