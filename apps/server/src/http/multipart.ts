import type { z } from '@prestaya/contracts';
import { badRequest, type HttpProblem } from '../errors.ts';
import { Refusal, type RefusalCode, refuse } from './refusals.ts';

/**
 * What every multipart upload route shares (payment proofs, customer documents): the parts are read
 * into memory as they stream in, never to disk, each bounded by busboy's limits; the framework's and
 * busboy's errors become the product's Spanish problems; a part's text is validated by its contract.
 */

/** The refusals whose wording names what the route receives ('El comprobante…', 'El documento…'). */
export interface UploadRefusals {
  fileTooLarge: RefusalCode;
  notMultipart: RefusalCode;
}

/** @fastify/multipart / busboy errors → the product's Spanish problems; undefined for anything else. */
export function multipartProblem(error: unknown, refusals: UploadRefusals): HttpProblem | undefined {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return refuse('upload.request_invalid_json');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new Refusal(refusals.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return refuse('upload.one_file_only');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return refuse('upload.too_many_parts');
    case 'FST_MP_PREMATURE_CLOSE':
      return refuse('upload.malformed');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new Refusal(refusals.notMultipart);
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
export async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // discard
  }
}

/** The part's bytes, or undefined when there are more than `limit` of them. */
export async function readSmall(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer | undefined> {
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

/**
 * A part's value validated by its contract; a 400 naming each field (`paymentRequest.paymentMethod: …`
 * under `prefix`, or the field itself without one).
 */
export function parsePart<T>(schema: z.ZodType<T, unknown>, raw: unknown, prefix?: string): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.') || 'body',
    message: issue.message,
  }));
  throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}
