import type { Envelope } from '@prestaya/contracts';
import { filenameFromDisposition } from './download.ts';
import { session } from './session.ts';

/** A failed API call: `detail` is the server's Spanish problem+json detail, safe to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: { field: string; message: string }[];

  constructor(status: number, detail: string, errors: { field: string; message: string }[] = []) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}

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

const GENERIC_ERROR = 'Ocurrió un error inesperado. Intente de nuevo.';
const NETWORK_ERROR = 'No se pudo conectar con el servidor. Verifique su conexión.';

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
 * Network work (a request, or reading its body): a failure is `ApiError(0)` — no reply, or a reply cut
 * off — which callers tell apart from the server's refusals; an abort the caller asked for passes as is.
 */
async function overNetwork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

/**
 * The body as JSON (or text). A body the connection cut off mid-read — a navigation or a reload while it
 * arrives, or signal lost — is a network failure like no reply at all, so that a refresh cut short
 * keeps the stored session instead of signing out.
 */
async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await overNetwork(() => response.text());
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

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const problem = body as { detail?: unknown; title?: unknown; errors?: unknown };
    const detail =
      typeof problem.detail === 'string' && problem.detail
        ? problem.detail
        : typeof problem.title === 'string' && problem.title
          ? problem.title
          : GENERIC_ERROR;
    const errors = Array.isArray(problem.errors)
      ? problem.errors.filter(
          (e): e is { field: string; message: string } =>
            !!e && typeof e.field === 'string' && typeof e.message === 'string',
        )
      : [];
    return new ApiError(status, detail, errors);
  }
  return new ApiError(status, GENERIC_ERROR);
}

/**
 * The one HTTP client: JSON in/out, Bearer token from the session, problem+json → ApiError, and any
 * 401 → clear the session and go to Login (docs/product.md §2, §8). No timeout (docs/product.md §9).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
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

  const response = await overNetwork(() =>
    fetch(buildUrl(path, query), { method, headers, body: payload, signal }),
  );

  const data = await parseBody(response);
  if (response.ok) return data as T;

  const error = toApiError(response.status, data);
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
  const response = await overNetwork(() =>
    fetch(buildUrl(path, query), { method: 'GET', headers, signal: options.signal }),
  );
  if (!response.ok) {
    const error = toApiError(response.status, await parseBody(response));
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

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Most replies wrap their payload as `{ data }` (a paged list too): these calls resolve to it. */
export const apiData = {
  get: async <T>(path: string, query?: Record<string, QueryValue>) =>
    (await api.get<Envelope<T>>(path, query)).data,
  post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await api.post<Envelope<T>>(path, body, options)).data,
  put: async <T>(path: string, body?: unknown) => (await api.put<Envelope<T>>(path, body)).data,
  patch: async <T>(path: string, body?: unknown) => (await api.patch<Envelope<T>>(path, body)).data,
};

/** A 401 was already handled globally (session cleared, sent to Login): callers stay silent. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
