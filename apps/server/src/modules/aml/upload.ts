import { AML_LIST_MAX_BYTES, amlListImportFields, documentFilename, z } from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import { drain, multipartProblem, parsePart, readSmall, type UploadRefusals } from '../../http/multipart.ts';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * Receiving a blocked-persons list (`multipart/form-data`): the text part `name` and one part `file`,
 * read into memory as it streams (at most AML_LIST_MAX_BYTES, else 413), never to disk.
 */
export interface ReceivedList {
  name: string;
  fileName: string;
  bytes: Buffer;
}

export const listUploadParts: Record<string, MultipartPart> = {
  name: { schema: amlListImportFields.shape.name, contentType: 'text/plain', required: true },
  file: {
    schema: z.file().describe(`CSV UTF-8, máx. ${AML_LIST_MAX_BYTES / 1024 / 1024} MB`),
    contentType: 'text/csv',
    required: true,
  },
};

const REFUSALS: UploadRefusals = { fileTooLarge: 'aml.file_too_large', notMultipart: 'aml.not_multipart' };
const tooLarge = () =>
  refuse('aml.file_too_large', { values: { max: String(AML_LIST_MAX_BYTES / 1024 / 1024) } });

const LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 2,
  files: 1,
  parts: 4,
  headerPairs: 100,
  fileSize: AML_LIST_MAX_BYTES,
};

/** Reads the whole multipart body; throws an HttpProblem (400/413/415) for anything it refuses. */
export async function receiveListUpload(request: FastifyRequest): Promise<ReceivedList> {
  if (!request.isMultipart()) throw refuse('aml.not_multipart');
  let name: unknown;
  let file: { bytes: Buffer | undefined; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname === 'name') name = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        await drain(part.file);
        continue;
      }
      const bytes = await readSmall(part.file, AML_LIST_MAX_BYTES);
      file = { bytes: part.file.truncated ? undefined : bytes, filename: part.filename };
    }
  } catch (error) {
    const problem = multipartProblem(error, REFUSALS);
    if (problem?.status === 413) throw tooLarge();
    throw problem ?? error;
  }
  if (file && file.bytes === undefined) throw tooLarge();
  const fields = parsePart(amlListImportFields, { name });
  if (!file?.bytes || file.bytes.length === 0) throw refuse('aml.file_missing');
  const fileName = parsePart(documentFilename, file.filename, 'file') ?? 'lista.csv';
  return { name: fields.name, fileName, bytes: file.bytes };
}
