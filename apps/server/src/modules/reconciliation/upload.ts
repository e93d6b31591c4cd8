import { documentFilename, STATEMENT_MAX_BYTES, z } from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import { drain, multipartProblem, parsePart, readSmall, type UploadRefusals } from '../../http/multipart.ts';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';

/** A statement file (`multipart/form-data`, one part `file`), read into memory as it streams, never to disk. */
export interface ReceivedStatement {
  fileName: string;
  bytes: Buffer;
}

const MAX_MB = String(STATEMENT_MAX_BYTES / 1024 / 1024);

export const statementUploadParts: Record<string, MultipartPart> = {
  file: {
    schema: z.file().describe(`CSV UTF-8 o XLSX, máx. ${MAX_MB} MB`),
    contentType: 'text/csv',
    required: true,
  },
};

const REFUSALS: UploadRefusals = {
  fileTooLarge: 'reconciliation.file_too_large',
  notMultipart: 'reconciliation.not_multipart',
};
const tooLarge = () => refuse('reconciliation.file_too_large', { values: { max: MAX_MB } });
const LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 1,
  files: 1,
  parts: 3,
  headerPairs: 100,
  fileSize: STATEMENT_MAX_BYTES,
};

export async function receiveStatementUpload(request: FastifyRequest): Promise<ReceivedStatement> {
  if (!request.isMultipart()) throw refuse('reconciliation.not_multipart');
  let file: { bytes: Buffer | undefined; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || file) {
        await drain(part.file);
        continue;
      }
      const bytes = await readSmall(part.file, STATEMENT_MAX_BYTES);
      file = { bytes: part.file.truncated ? undefined : bytes, filename: part.filename };
    }
  } catch (error) {
    const problem = multipartProblem(error, REFUSALS);
    if (problem?.status === 413) throw tooLarge();
    throw problem ?? error;
  }
  if (file && file.bytes === undefined) throw tooLarge();
  if (!file?.bytes || file.bytes.length === 0) throw refuse('reconciliation.file_missing');
  const fileName = parsePart(documentFilename, file.filename, 'file') ?? 'estado-de-cuenta.csv';
  return { fileName, bytes: file.bytes };
}
