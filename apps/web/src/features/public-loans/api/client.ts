import type {
  PublicPaymentReply,
  PublicPaymentRequest,
  PublicPaymentRequestReply,
} from '@prestaya/contracts';
import {
  type Failure,
  GENERIC_ERROR,
  HttpError,
  isRecord,
  overNetwork,
  problemError,
  readBody,
} from '../../../lib/fetch-core.ts';
import { idempotencyHeader } from '../../../lib/idempotency.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { isLoanDetail, isLookupResult, isPaymentReply, isPaymentRequestReply } from './replies.ts';

/**
 * The public side has no session: its calls never go through the staff client (whose 401 ends a
 * session and goes to Login). A failed call is a PublicApiError carrying the server's Spanish detail.
 */
export class PublicApiError extends HttpError {
  constructor(status: number, detail: string) {
    super(status, detail);
    this.name = 'PublicApiError';
  }
}

const publicFailure: Failure<PublicApiError> = (status, detail) => new PublicApiError(status, detail);

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

/**
 * fetch + problem+json → PublicApiError; resolves to `data` of an `{status: 'OK', data}` envelope only,
 * when `is` accepts it.
 */
export async function publicRequest<T>(
  path: string,
  is: (value: unknown) => value is T,
  init: RequestInit = {},
): Promise<T> {
  const response = await overNetwork(
    () =>
      fetch(path, {
        ...init,
        headers: { Accept: 'application/json, application/problem+json', ...init.headers },
      }),
    publicFailure,
  );
  const body = await readBody(response, publicFailure);
  if (!response.ok) throw problemError(response.status, body, publicFailure);
  // docs/product.md §7: accepted only when status is 'OK'.
  if (!isRecord(body) || body.status !== 'OK') throw new PublicApiError(response.status, GENERIC_ERROR);
  if (!is(body.data)) throw new PublicApiError(response.status, GENERIC_ERROR);
  return body.data;
}

export async function lookupLoan(num: number, phone: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ num: String(num), phone });
  return publicRequest(`${apiPaths.publicLoans}/search?${params}`, isLookupResult, { signal });
}

export async function getPublicLoan(id: string, signal?: AbortSignal) {
  return publicRequest(`${apiPaths.publicLoans}/${encodeURIComponent(id)}`, isLoanDetail, { signal });
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
  /** The lookup's `proof` (X-Lookup-Proof): without it the server does not evaluate the PIN. */
  lookupProof: string;
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
  const path = `${apiPaths.publicLoans}/${encodeURIComponent(input.loanId)}/payments`;
  return publicRequest(path, isPaymentReply, {
    method: 'POST',
    headers: {
      Authorization: input.authorization,
      'X-Lookup-Proof': input.lookupProof,
      ...(input.idempotencyKey ? idempotencyHeader(input.idempotencyKey) : {}),
    },
    body: form,
  });
}

/**
 * "Pago sin PIN": `POST /public/api/v1/loans/{id}/payment-requests` — the same multipart with the
 * lookup's proof and no credential; the payment waits for the agent to authorise it from their session.
 */
export async function requestPublicPayment(
  input: Omit<RegisterPublicPaymentInput, 'authorization' | 'idempotencyKey'>,
): Promise<PublicPaymentRequestReply> {
  const form = new FormData();
  const request: PublicPaymentRequest = {
    scheduledPaymentIds: input.scheduledPaymentIds,
    feeIds: input.feeIds,
    paymentMethod: input.paymentMethod,
  };
  form.append('paymentRequest', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (input.file && input.paymentMethod === 1) form.append('file', input.file, input.file.name);
  const path = `${apiPaths.publicLoans}/${encodeURIComponent(input.loanId)}/payment-requests`;
  return publicRequest(path, isPaymentRequestReply, {
    method: 'POST',
    headers: { 'X-Lookup-Proof': input.lookupProof },
    body: form,
  });
}
