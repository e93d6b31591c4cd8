import { documentFilename, IMPORT_MAX_BYTES, z } from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import { drain, multipartProblem, parsePart, readSmall, type UploadRefusals } from '../../http/multipart.ts';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';

/** An import file (`multipart/form-data`, one part `file`), read into memory as it streams, never to disk. */
export interface ReceivedImport {
  fileName: string;
  bytes: Buffer;
}

export const importUploadParts: Record<string, MultipartPart> = {
  file: {
    schema: z.file().describe(`XLSX o CSV UTF-8, máx. ${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    required: true,
  },
};

const REFUSALS: UploadRefusals = {
  fileTooLarge: 'import.file_too_large',
  notMultipart: 'import.not_multipart',
};
const tooLarge = () =>
  refuse('import.file_too_large', { values: { max: String(IMPORT_MAX_BYTES / 1024 / 1024) } });
const LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 2,
  files: 1,
  parts: 4,
  headerPairs: 100,
  fileSize: IMPORT_MAX_BYTES,
};

export async function receiveImportUpload(request: FastifyRequest): Promise<ReceivedImport> {
  if (!request.isMultipart()) throw refuse('import.not_multipart');
  let file: { bytes: Buffer | undefined; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || file) {
        await drain(part.file);
        continue;
      }
      const bytes = await readSmall(part.file, IMPORT_MAX_BYTES);
      file = { bytes: part.file.truncated ? undefined : bytes, filename: part.filename };
    }
  } catch (error) {
    const problem = multipartProblem(error, REFUSALS);
    if (problem?.status === 413) throw tooLarge();
    throw problem ?? error;
  }
  if (file && file.bytes === undefined) throw tooLarge();
  if (!file?.bytes || file.bytes.length === 0) throw refuse('import.file_missing');
  const fileName = parsePart(documentFilename, file.filename, 'file') ?? 'importacion.xlsx';
  return { fileName, bytes: file.bytes };
}
