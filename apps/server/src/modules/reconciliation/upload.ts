import { STATEMENT_MAX_BYTES, z } from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';
import { type ReceivedSheet, receiveSheetUpload, type SheetUpload } from '../../spreadsheet/upload.ts';

/** A statement file (`multipart/form-data`, one part `file`), read into memory as it streams, never to disk. */
export type ReceivedStatement = ReceivedSheet;

const MAX_MB = String(STATEMENT_MAX_BYTES / 1024 / 1024);

export const statementUploadParts: Record<string, MultipartPart> = {
  file: {
    schema: z.file().describe(`CSV UTF-8 o XLSX, máx. ${MAX_MB} MB`),
    contentType: 'text/csv',
    required: true,
  },
};

const upload: SheetUpload = {
  maxBytes: STATEMENT_MAX_BYTES,
  fields: 1,
  defaultName: 'estado-de-cuenta.csv',
  refusals: { fileTooLarge: 'reconciliation.file_too_large', notMultipart: 'reconciliation.not_multipart' },
  notMultipart: () => refuse('reconciliation.not_multipart'),
  tooLarge: () => refuse('reconciliation.file_too_large', { values: { max: MAX_MB } }),
  missing: () => refuse('reconciliation.file_missing'),
};

export const receiveStatementUpload = (request: FastifyRequest): Promise<ReceivedStatement> =>
  receiveSheetUpload(request, upload);
