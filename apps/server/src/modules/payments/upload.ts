import { MAX_PROOF_BYTES, PROOF_CONTENT_TYPES, paymentRequest, z } from '@prestaya/contracts';
import { MAX_PAYMENT_REQUEST_BYTES } from '@prestaya/domain';
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../../errors.ts';
import { type ProofImageType, sniffImageType } from '../../files/image-sniff.ts';
import { decodeUtf8 } from '../../files/utf8.ts';
import { drain, multipartProblem, parsePart, readSmall, type UploadRefusals } from '../../http/multipart.ts';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';
import { type FileToStore, fileToStore } from '../../uploads/images.ts';

/**
 * Receiving a payment registration (`multipart/form-data`): part `paymentRequest` (JSON) and an
 * optional part `file` (the proof image). Shared by the staff route and, later, the public one.
 *
 * - `paymentRequest` is accepted as a field typed `application/json`, as a plain text field holding
 *   JSON, or as a JSON Blob (a file part named paymentRequest, as `FormData.append(name, blob)` sends).
 * - The proof is read into memory as it streams in, never to disk: busboy stops at MAX_PROOF_BYTES (the
 *   `fileSize` limit) and marks it truncated → 413, so at most 10 MB is held per request. Its type is
 *   decided by its first bytes (files/image-sniff.ts), never by name or declared type → 415; then it
 *   is decoded and re-encoded without metadata (uploads/images.ts): one that does not decode → 415,
 *   more than UPLOAD_MAX_IMAGE_PIXELS → 413. Empty → 400. A second file → 400. registerPayment stores the bytes in the payment's transaction, so a
 *   refused or aborted upload leaves nothing anywhere.
 */

export type PaymentRequestInput = z.output<typeof paymentRequest>;

/** A validated proof image (re-encoded unless HEIC), in memory until registerPayment stores it. */
export type ReceivedProof = FileToStore<ProofImageType>;

export interface ReceivedPayment {
  /** The parsed JSON of the `paymentRequest` part, not yet validated. */
  paymentRequest: unknown;
  file: ReceivedProof | undefined;
}

/** The parts this module reads, for the OpenAPI document of a route that calls it. */
export function paymentUploadParts(requestSchema: z.ZodType): Record<string, MultipartPart> {
  return {
    paymentRequest: { schema: requestSchema, contentType: 'application/json', required: true },
    file: {
      schema: z.file().describe(`Comprobante (solo con TRANSFER), máx. ${MAX_PROOF_BYTES / 1024 / 1024} MB`),
      contentType: PROOF_CONTENT_TYPES.join(', '),
    },
  };
}

/** The JSON part holds both id lists at their longest (@prestaya/domain payment-items.ts). */
const JSON_PART_BYTES = MAX_PAYMENT_REQUEST_BYTES;

const PROOF_REFUSALS: UploadRefusals = {
  fileTooLarge: 'upload.file_too_large',
  notMultipart: 'upload.not_multipart',
};

const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: JSON_PART_BYTES,
  fields: 4,
  files: 4,
  parts: 8,
  headerPairs: 100,
  fileSize: MAX_PROOF_BYTES,
};

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse('upload.request_invalid_json');
  }
}

/**
 * Reads the whole multipart body. Returns the parsed `paymentRequest` JSON and the sniffed proof;
 * throws an HttpProblem (400/413/415) otherwise.
 */
export async function receivePaymentUpload(request: FastifyRequest): Promise<ReceivedPayment> {
  if (!request.isMultipart()) throw refuse('upload.not_multipart');
  /** The first file part; `bytes` undefined when it went over MAX_PROOF_BYTES. */
  let received: { bytes: Buffer | undefined } | undefined;
  let jsonValue: { value: unknown } | undefined;
  let refusal: HttpProblem | undefined;
  const keepFirst = (problem: HttpProblem) => {
    refusal ??= problem;
  };
  let fileParts = 0;

  try {
    // Every part is read to its end even after a refusal, so the client gets the answer, not a reset.
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'paymentRequest') continue;
        if (jsonValue) keepFirst(refuse('upload.request_twice'));
        else if (part.valueTruncated) keepFirst(refuse('upload.request_invalid_json'));
        else if (part.mimetype.startsWith('application/json')) jsonValue = { value: part.value };
        else jsonValue = { value: parseJsonTextOrRefuse(String(part.value), keepFirst) };
        continue;
      }
      if (part.fieldname === 'paymentRequest') {
        const bytes = await readSmall(part.file, JSON_PART_BYTES);
        // Strict UTF-8, like JSON bodies (plugins/json-body.ts); a text field's value is decoded by
        // busboy, and only ids and an enum are read from it, so a broken byte fails their schema.
        const text = bytes && decodeUtf8(bytes);
        if (jsonValue) keepFirst(refuse('upload.request_twice'));
        else if (bytes === undefined) keepFirst(refuse('upload.request_invalid_json'));
        else if (text === undefined) keepFirst(refuse('upload.request_invalid_utf8'));
        else jsonValue = { value: parseJsonTextOrRefuse(text, keepFirst) };
        continue;
      }
      fileParts += 1;
      if (fileParts > 1 || refusal) {
        if (fileParts > 1) keepFirst(refuse('upload.one_file_only'));
        await drain(part.file);
        continue;
      }
      const bytes = await readSmall(part.file, MAX_PROOF_BYTES);
      received = { bytes: part.file.truncated ? undefined : bytes };
    }
  } catch (error) {
    throw multipartProblem(error, PROOF_REFUSALS) ?? error;
  }

  if (received && received.bytes === undefined) throw refuse('upload.file_too_large');
  if (refusal) throw refusal;
  if (!jsonValue) throw refuse('upload.request_missing');
  if (!received?.bytes) return { paymentRequest: jsonValue.value, file: undefined };
  if (received.bytes.length === 0) throw refuse('upload.file_empty');
  const contentType = sniffImageType(received.bytes);
  if (!contentType) throw refuse('upload.file_not_image');
  const file = await fileToStore(request.server.uploads.images, received.bytes, contentType, {
    unreadable: 'upload.image_unreadable',
    tooManyPixels: 'upload.image_too_many_pixels',
  });
  return { paymentRequest: jsonValue.value, file };
}

function parseJsonTextOrRefuse(text: string, keepFirst: (problem: HttpProblem) => void): unknown {
  try {
    return parseJsonText(text);
  } catch (error) {
    if (error instanceof HttpProblem) keepFirst(error);
    else throw error;
    return undefined;
  }
}

/**
 * Validates the `paymentRequest` JSON against the staff schema, or the public one (method codes 0/1 or
 * the names → CASH/TRANSFER); a 400 naming each field (`paymentRequest.paymentMethod: …`).
 */
export function parsePaymentRequest(
  raw: unknown,
  schema: z.ZodType<PaymentRequestInput, unknown> = paymentRequest,
): PaymentRequestInput {
  return parsePart(schema, raw, 'paymentRequest');
}
