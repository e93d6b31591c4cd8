import { IMPORT_MAX_BYTES, z } from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import type { MultipartPart } from '../../http/openapi.ts';
import { refuse } from '../../http/refusals.ts';
import { type ReceivedSheet, receiveSheetUpload, type SheetUpload } from '../../spreadsheet/upload.ts';

/** An import file (`multipart/form-data`, one part `file`), read into memory as it streams, never to disk. */
export type ReceivedImport = ReceivedSheet;

export const importUploadParts: Record<string, MultipartPart> = {
  file: {
    schema: z.file().describe(`XLSX o CSV UTF-8, máx. ${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    required: true,
  },
};

const upload: SheetUpload = {
  maxBytes: IMPORT_MAX_BYTES,
  fields: 2,
  defaultName: 'importacion.xlsx',
  refusals: { fileTooLarge: 'import.file_too_large', notMultipart: 'import.not_multipart' },
  notMultipart: () => refuse('import.not_multipart'),
  tooLarge: () =>
    refuse('import.file_too_large', { values: { max: String(IMPORT_MAX_BYTES / 1024 / 1024) } }),
  missing: () => refuse('import.file_missing'),
};

export const receiveImportUpload = (request: FastifyRequest): Promise<ReceivedImport> =>
  receiveSheetUpload(request, upload);
