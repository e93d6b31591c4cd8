import type {
  PublicLoanDetail,
  PublicLookupResult,
  PublicPaymentReply,
  PublicPaymentRequest,
} from '@prestaya/contracts';
import { idempotencyHeader } from '../../../lib/idempotency.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * The public side has no session: its calls never go through the staff client (whose 401 ends a
 * session and goes to Login). A failed call is a PublicApiError carrying the server's Spanish detail.
 */
export class PublicApiError extends Error {
  readonly status: number;
  readonly detail: string;

  constructor(status: number, detail: string) {
    super(detail);
    this.name = 'PublicApiError';
    this.status = status;
    this.detail = detail;
  }
}

export const GENERIC_ERROR = 'Ocurrió un error inesperado. Intente de nuevo.';
const NETWORK_ERROR = 'No se pudo conectar con el servidor. Verifique su conexión.';

export function isPublicApiError(error: unknown): error is PublicApiError {
  return error instanceof PublicApiError;
}

/** A lost connection or a server failure, worth another try; not-found and throttling are answers. */
export const isTransientFailure = (error: unknown): boolean =>
  isPublicApiError(error) && (error.status === 0 || error.status >= 500);

/** The detail to show for any failure. */
export function errorDetail(error: unknown): string {
  return isPublicApiError(error) ? error.detail : GENERIC_ERROR;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** fetch + problem+json → PublicApiError; returns `data` of an `{status: 'OK', data}` envelope only. */
export async function publicRequest(path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: 'application/json, application/problem+json', ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new PublicApiError(0, NETWORK_ERROR);
  }
  const body = (await readBody(response)) as
    | { status?: unknown; data?: unknown; detail?: unknown }
    | undefined;
  if (!response.ok) {
    const detail = typeof body?.detail === 'string' && body.detail ? body.detail : GENERIC_ERROR;
    throw new PublicApiError(response.status, detail);
  }
  // docs/product.md §7: accepted only when status is 'OK'.
  if (body?.status !== 'OK') throw new PublicApiError(response.status, GENERIC_ERROR);
  return body.data;
}

export async function lookupLoan(num: number, phone: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ num: String(num), phone });
  return (await publicRequest(`${apiPaths.publicLoans}/search?${params}`, { signal })) as PublicLookupResult;
}

export async function getPublicLoan(id: string, signal?: AbortSignal) {
  return (await publicRequest(`${apiPaths.publicLoans}/${encodeURIComponent(id)}`, {
    signal,
  })) as PublicLoanDetail;
}

export type RegisteredPayment = PublicPaymentReply;

export interface RegisterPublicPaymentInput {
  loanId: string;
  scheduledPaymentIds: string[];
  feeIds: string[];
  /** docs/product.md §4: 0 is cash (Efectivo), 1 is transfer (Transferencia). */
  paymentMethod: 0 | 1;
  file: File | null;
  /** `Authorization: Basic base64(userNum:pin)` built by agentCredentialHeader. */
  authorization: string;
  /** Sent as Idempotency-Key: a repeat of this registration gets the first reply. */
  idempotencyKey?: string;
}

/** `POST /public/api/v1/loans/{id}/payments` — multipart like the staff form, plus the agent credential. */
export async function registerPublicPayment(input: RegisterPublicPaymentInput): Promise<RegisteredPayment> {
  const form = new FormData();
  const request: PublicPaymentRequest = {
    scheduledPaymentIds: input.scheduledPaymentIds,
    feeIds: input.feeIds,
    paymentMethod: input.paymentMethod,
  };
  form.append('paymentRequest', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (input.file && input.paymentMethod === 1) form.append('file', input.file, input.file.name);
  return (await publicRequest(`${apiPaths.publicLoans}/${encodeURIComponent(input.loanId)}/payments`, {
    method: 'POST',
    headers: {
      Authorization: input.authorization,
      ...(input.idempotencyKey ? idempotencyHeader(input.idempotencyKey) : {}),
    },
    body: form,
  })) as RegisteredPayment;
}
