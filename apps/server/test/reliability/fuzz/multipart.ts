import { MAX_PAYMENT_REQUEST_BYTES } from '@prestaya/domain';
import fc from 'fast-check';
import { multipart, type Part } from '../../support/builders.ts';
import { type BodySpec, brokenObject } from './breakers.ts';

/** Multipart bodies for payment registration, each refused for at least one reason. */
export interface MultipartSpec {
  /** A valid `paymentRequest` JSON object. */
  validRequest: () => Record<string, unknown>;
  /** The method value of a cash payment on this route (CASH, or 0 on the public side). */
  cash: unknown;
  transfer: unknown;
  png: Buffer;
  requestSpec: BodySpec;
}

const filePart = (body: Buffer, filename = 'comprobante.png', contentType = 'image/png'): Part => ({
  name: 'file',
  body,
  filename,
  contentType,
});
const requestPart = (body: unknown): Part => ({
  name: 'paymentRequest',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  contentType: 'application/json',
});

export function brokenMultipart(
  spec: MultipartSpec,
): fc.Arbitrary<{ payload: Buffer; headers: Record<string, string> }> {
  const withMethod = (method: unknown) => ({ ...spec.validRequest(), paymentMethod: method });
  const validParts = fc.constantFrom<Part[]>(
    [requestPart(withMethod(spec.cash))],
    [requestPart(withMethod(spec.transfer)), filePart(spec.png)],
  );
  const build = (parts: readonly Part[]) => multipart([...parts]);
  const refusedParts = fc.oneof<fc.Arbitrary<readonly Part[]>[]>(
    // A broken paymentRequest, with or without an image.
    fc
      .tuple(brokenObject(spec.requestSpec), fc.boolean())
      .map(([request, withFile]) => [requestPart(request), ...(withFile ? [filePart(spec.png)] : [])]),
    fc.string({ maxLength: 50 }).map((text) => [{ name: 'paymentRequest', body: `{${text}` }]),
    fc.constant([filePart(spec.png)]),
    fc.constant([]),
    // Two paymentRequests, two files, a text file named .jpg, an empty file, an image with cash.
    fc.constant([requestPart(withMethod(spec.cash)), requestPart(withMethod(spec.cash))]),
    fc.constant([requestPart(withMethod(spec.transfer)), filePart(spec.png), filePart(spec.png, 'b.png')]),
    fc
      .string({ minLength: 1, maxLength: 200 })
      .map((text) => [
        requestPart(withMethod(spec.transfer)),
        filePart(Buffer.from(text), 'foto.jpg', 'image/jpeg'),
      ]),
    fc.constant([requestPart(withMethod(spec.transfer)), filePart(Buffer.alloc(0))]),
    fc.constant([requestPart(withMethod(spec.cash)), filePart(spec.png)]),
    // A JSON part over its bound (room for every installment and fee id a loan can owe); too many parts.
    fc.constant([requestPart({ ...withMethod(spec.cash), pad: 'x'.repeat(MAX_PAYMENT_REQUEST_BYTES + 1) })]),
    fc.constant(Array.from({ length: 10 }, () => requestPart(withMethod(spec.cash)))),
  );
  return fc.oneof(
    refusedParts.map(build),
    // Structurally broken bodies around an otherwise valid request.
    fc.tuple(validParts, fc.double({ min: 0, max: 0.98, noNaN: true })).map(([parts, cut]) => {
      const { payload, headers } = build(parts);
      const end = payload.lastIndexOf('\r\n--');
      return { payload: payload.subarray(0, Math.floor(end * cut)), headers };
    }),
    validParts.map((parts) => {
      const { payload } = build(parts);
      return { payload, headers: { 'content-type': 'multipart/form-data; boundary=otro-limite' } };
    }),
    validParts.map((parts) => ({
      payload: build(parts).payload,
      headers: { 'content-type': 'multipart/form-data' },
    })),
    validParts.map((parts) => ({
      payload: build(parts).payload,
      headers: { 'content-type': 'application/json' },
    })),
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => ({
      payload: Buffer.from(bytes),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })),
  );
}
