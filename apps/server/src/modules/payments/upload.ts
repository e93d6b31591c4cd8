import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { MAX_PROOF_BYTES, PROOF_CONTENT_TYPES, paymentRequest, z } from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import { type ProofImageType, SNIFF_BYTES, sniffImageType } from '../../domain/image-sniff.ts';
import { decodeUtf8 } from '../../domain/utf8.ts';
import { badRequest, HttpProblem } from '../../errors.ts';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * Receiving a payment registration (`multipart/form-data`): part `paymentRequest` (JSON) and an
 * optional part `file` (the proof image). Shared by the staff route and, later, the public one.
 *
 * - `paymentRequest` is accepted as a field typed `application/json`, as a plain text field holding
 *   JSON, or as a JSON Blob (a file part named paymentRequest, as `FormData.append(name, blob)` sends).
 * - The proof is streamed to DATA_DIR/uploads/tmp/<random>.part while its bytes are counted; busboy stops
 *   at MAX_PROOF_BYTES (the `fileSize` limit) and marks it truncated → 413. Its type is decided by its
 *   first bytes (domain/image-sniff.ts), never by name or declared type → 415. Empty → 400. A second
 *   file → 400.
 * - On every refusal the staged file is deleted before the error leaves this module; on success the
 *   caller owns it and must call `discard()` when done (registerPayment moves it to its final name first).
 */

export type PaymentRequestInput = z.output<typeof paymentRequest>;

/** A validated proof image waiting in DATA_DIR/uploads/tmp. */
export interface StagedProof {
  tempPath: string;
  /** DATA_DIR/uploads: where registerPayment moves it under a random name. */
  directory: string;
  contentType: ProofImageType;
  sizeBytes: number;
}

export interface ReceivedPayment {
  /** The parsed JSON of the `paymentRequest` part, not yet validated. */
  paymentRequest: unknown;
  file: StagedProof | undefined;
  /** Deletes the staged file if it is still there (idempotent, never throws). */
  discard(): Promise<void>;
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

/** DATA_DIR/uploads: proof images, outside the web root, served only through signed links. */
export const uploadsDirectory = (dataDir: string) => join(dataDir, 'uploads');

const JSON_PART_BYTES = 64 * 1024;

const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: JSON_PART_BYTES,
  fields: 4,
  files: 4,
  parts: 8,
  headerPairs: 100,
  fileSize: MAX_PROOF_BYTES,
};

/** @fastify/multipart / busboy errors → the product's Spanish problems. */
function multipartProblem(error: unknown): HttpProblem | undefined {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return refuse('upload.request_invalid_json');
    case 'FST_REQ_FILE_TOO_LARGE':
      return refuse('upload.file_too_large');
    case 'FST_FILES_LIMIT':
      return refuse('upload.one_file_only');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return refuse('upload.too_many_parts');
    case 'FST_MP_PREMATURE_CLOSE':
      return refuse('upload.malformed');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refuse('upload.not_multipart');
    default:
      // busboy's own parse errors ('Unexpected end of multipart data', 'Multipart: Boundary not found',
      // 'Part terminated early', 'Malformed part header'…) carry no code.
      return error instanceof Error &&
        code === undefined &&
        /multipart|part|boundary|unexpected end/i.test(error.message)
        ? refuse('upload.malformed')
        : undefined;
  }
}

/** Reads a stream to its end, discarding it (an extra part must still be consumed). */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // discard
  }
}

/** The part's bytes, or undefined when there are more than `limit` of them. */
async function readSmall(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) tooLarge = true;
    else chunks.push(chunk as Buffer);
  }
  return tooLarge ? undefined : Buffer.concat(chunks);
}

interface StagedFile {
  tempPath: string;
  sizeBytes: number;
  truncated: boolean;
  head: Buffer;
}

/** Streams a file part to uploads/tmp, counting bytes and keeping the first ones for the sniff. */
async function stageFile(part: Extract<Multipart, { type: 'file' }>, directory: string): Promise<StagedFile> {
  const tmp = join(directory, 'tmp');
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  const tempPath = join(tmp, `${randomBytes(16).toString('hex')}.part`);
  let sizeBytes = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return {
    tempPath,
    sizeBytes,
    truncated: part.file.truncated || sizeBytes > MAX_PROOF_BYTES,
    head: Buffer.concat(head),
  };
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse('upload.request_invalid_json');
  }
}

/**
 * Reads the whole multipart body. Returns the parsed `paymentRequest` JSON and the staged, sniffed
 * proof; throws an HttpProblem (400/413/415) with nothing left on disk otherwise.
 */
export async function receivePaymentUpload(
  request: FastifyRequest,
  uploadsDir: string,
): Promise<ReceivedPayment> {
  if (!request.isMultipart()) throw refuse('upload.not_multipart');
  const staged: StagedFile[] = [];
  const discardAll = async () => {
    await Promise.all(staged.map((file) => rm(file.tempPath, { force: true })));
  };
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
      staged.push(await stageFile(part, uploadsDir));
    }
  } catch (error) {
    await discardAll();
    throw multipartProblem(error) ?? error;
  }

  try {
    const file = staged[0];
    if (file?.truncated) throw refuse('upload.file_too_large');
    if (refusal) throw refusal;
    if (!jsonValue) throw refuse('upload.request_missing');
    if (!file) return { paymentRequest: jsonValue.value, file: undefined, discard: async () => {} };
    if (file.sizeBytes === 0) throw refuse('upload.file_empty');
    const contentType = sniffImageType(file.head);
    if (!contentType) throw refuse('upload.file_not_image');
    return {
      paymentRequest: jsonValue.value,
      file: { tempPath: file.tempPath, directory: uploadsDir, contentType, sizeBytes: file.sizeBytes },
      discard: discardAll,
    };
  } catch (error) {
    await discardAll();
    throw error;
  }
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

/** Validates the `paymentRequest` JSON; a 400 naming each field (`paymentRequest.paymentMethod: …`). */
export function parsePaymentRequest(raw: unknown): PaymentRequestInput {
  const result = paymentRequest.safeParse(raw);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: ['paymentRequest', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}
