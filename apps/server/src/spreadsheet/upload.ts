import { documentFilename } from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import { drain, multipartProblem, parsePart, readSmall, type UploadRefusals } from '../http/multipart.ts';
import type { Refusal } from '../http/refusals.ts';

/** A spreadsheet upload (`multipart/form-data`, one part `file`), read into memory as it streams, never to disk. */
export interface ReceivedSheet {
  fileName: string;
  bytes: Buffer;
}

export interface SheetUpload {
  maxBytes: number;
  /** Text fields the form may send beside the file (each drained, at most 1 KB). */
  fields: number;
  /** The name kept when the device sent none. */
  defaultName: string;
  /** The refusal codes multipartProblem maps the parser's own errors to. */
  refusals: UploadRefusals;
  notMultipart: () => Refusal;
  tooLarge: () => Refusal;
  missing: () => Refusal;
}

/** The one file of an upload an administrator brings from a spreadsheet (a book to import, a bank statement). */
export async function receiveSheetUpload(
  request: FastifyRequest,
  upload: SheetUpload,
): Promise<ReceivedSheet> {
  if (!request.isMultipart()) throw upload.notMultipart();
  const limits = {
    fieldNameSize: 100,
    fieldSize: 1024,
    fields: upload.fields,
    files: 1,
    parts: upload.fields + 2,
    headerPairs: 100,
    fileSize: upload.maxBytes,
  };
  let file: { bytes: Buffer | undefined; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || file) {
        await drain(part.file);
        continue;
      }
      const bytes = await readSmall(part.file, upload.maxBytes);
      file = { bytes: part.file.truncated ? undefined : bytes, filename: part.filename };
    }
  } catch (error) {
    const problem = multipartProblem(error, upload.refusals);
    if (problem?.status === 413) throw upload.tooLarge();
    throw problem ?? error;
  }
  if (file && file.bytes === undefined) throw upload.tooLarge();
  if (!file?.bytes || file.bytes.length === 0) throw upload.missing();
  const fileName = parsePart(documentFilename, file.filename, 'file') ?? upload.defaultName;
  return { fileName, bytes: file.bytes };
}
