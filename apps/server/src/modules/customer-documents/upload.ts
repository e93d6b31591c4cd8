import {
  customerDocumentFields,
  customerDocumentUpload,
  DOCUMENT_CONTENT_TYPES,
  documentFilename,
  MAX_DOCUMENT_BYTES,
  z,
} from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import type { HttpProblem } from '../../errors.ts';
import { type DocumentFileType, sniffDocumentType } from '../../files/document-sniff.ts';
import { drain, multipartProblem, parsePart, readSmall, type UploadRefusals } from '../../http/multipart.ts';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';
import { type FileToStore, fileToStore } from '../../uploads/images.ts';

/**
 * Receiving a customer document (`multipart/form-data`): text fields `type`, `description`
 * (optional) and `documentDate` (a proof of address's date) and one part `file`. The file is read into memory as it streams in, never to disk:
 * busboy stops at MAX_DOCUMENT_BYTES and marks it truncated → 413, so at most 10 MB is held per
 * request. Its type is decided by its bytes (files/document-sniff.ts), never by its name or declared
 * type → 415; an image is then decoded and re-encoded without metadata (uploads/images.ts: one that
 * does not decode → 415, too many pixels → 413), a PDF or HEIC kept as received. The create operation stores it in the document's transaction, so a refused or aborted
 * upload leaves nothing anywhere.
 */

export interface ReceivedDocument {
  input: z.output<typeof customerDocumentUpload>;
  file: FileToStore<DocumentFileType> & { filename: string | null };
}

const TEXT_FIELDS = ['type', 'description', 'documentDate', 'loanId'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** The parts this module reads, for the OpenAPI document of the upload route. */
export const documentUploadParts: Record<string, MultipartPart> = {
  type: { schema: customerDocumentFields.shape.type, contentType: 'text/plain', required: true },
  description: { schema: customerDocumentFields.shape.description, contentType: 'text/plain' },
  documentDate: {
    schema: customerDocumentFields.shape.documentDate.describe(
      'Fecha del comprobante (YYYY-MM-DD): requerida para PROOF_OF_ADDRESS, no futura',
    ),
    contentType: 'text/plain',
  },
  loanId: { schema: customerDocumentFields.shape.loanId, contentType: 'text/plain' },
  file: {
    schema: z.file().describe(`Imagen o PDF, máx. ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`),
    contentType: DOCUMENT_CONTENT_TYPES.join(', '),
    required: true,
  },
};

const REFUSALS: UploadRefusals = {
  fileTooLarge: 'document.file_too_large',
  notMultipart: 'document.not_multipart',
};

const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 4 * 1024,
  fields: 5,
  files: 2,
  parts: 8,
  headerPairs: 100,
  fileSize: MAX_DOCUMENT_BYTES,
};

const isTextField = (name: string): name is TextField => (TEXT_FIELDS as readonly string[]).includes(name);

/** Reads the whole multipart body; throws an HttpProblem (400/413/415) for anything it refuses. */
export async function receiveDocumentUpload(request: FastifyRequest): Promise<ReceivedDocument> {
  if (!request.isMultipart()) throw refuse('document.not_multipart');
  const fields: Partial<Record<TextField, unknown>> = {};
  let received: { bytes: Buffer | undefined; filename: string | undefined } | undefined;
  let refusal: HttpProblem | undefined;
  const keepFirst = (problem: HttpProblem) => {
    refusal ??= problem;
  };

  try {
    // Every part is read to its end even after a refusal, so the client gets the answer, not a reset.
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (!isTextField(part.fieldname)) continue;
        if (part.fieldname in fields) keepFirst(refuse('document.field_twice', { field: part.fieldname }));
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received || refusal) {
        if (received && part.fieldname === 'file') keepFirst(refuse('upload.one_file_only'));
        await drain(part.file);
        continue;
      }
      const bytes = await readSmall(part.file, MAX_DOCUMENT_BYTES);
      received = { bytes: part.file.truncated ? undefined : bytes, filename: part.filename };
    }
  } catch (error) {
    throw multipartProblem(error, REFUSALS) ?? error;
  }

  if (received && received.bytes === undefined) throw refuse('document.file_too_large');
  if (refusal) throw refusal;
  const input = parsePart(customerDocumentUpload, fields);
  if (!received?.bytes) throw refuse('document.file_missing');
  const filename = parsePart(documentFilename, received.filename, 'file');
  if (received.bytes.length === 0) throw refuse('document.file_empty');
  const contentType = sniffDocumentType(received.bytes);
  if (!contentType) throw refuse('document.file_type');
  const file = await fileToStore(request.server.uploads.images, received.bytes, contentType, {
    unreadable: 'document.image_unreadable',
    tooManyPixels: 'document.image_too_many_pixels',
  });
  return { input, file: { ...file, filename } };
}
