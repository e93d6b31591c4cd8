import { isoDate, staffName, uuid } from './common.ts';
import { CUSTOMER_DOCUMENT_TYPES } from './labels.ts';
import { PROOF_CONTENT_TYPES } from './payments.ts';
import { optionalText } from './text.ts';
import { z } from './zod.ts';

/**
 * A customer's documents ('Documentos' tab): INE front and back, proof of address and other files,
 * each an image (the proof images' types) or a PDF, decided by its content, at most 10 MB.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = [...PROOF_CONTENT_TYPES, 'application/pdf'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
/** A customer keeps at most this many documents: 50 × 10 MB bounds what one customer can store. */
export const MAX_DOCUMENTS_PER_CUSTOMER = 50;
/** The longest file name kept (the common file-system limit). */
export const MAX_DOCUMENT_FILENAME = 255;

/** The text fields of an upload (multipart fields `type` and `description`, beside the part `file`). */
export const PROOF_DATE_REQUIRED_MESSAGE = 'La fecha del comprobante es requerida';
export const PROOF_DATE_FUTURE_MESSAGE = 'La fecha del comprobante no puede ser futura';

/**
 * `documentDate` ('Fecha del comprobante'): the date printed on a proof of address, which decides
 * whether the expediente counts it as current; required for that type, ignored (null) for the others.
 * That it is not later than the business date is the server's check (it knows the date).
 */
export const customerDocumentFields = z.object({
  type: z.enum(CUSTOMER_DOCUMENT_TYPES, { error: 'Seleccione el tipo de documento' }),
  description: optionalText({ label: 'La descripción', feminine: true, max: 200 }),
  documentDate: isoDate.nullish(),
  /** The loan a signed contract belongs to (one of the customer's loans); only with SIGNED_CONTRACT. */
  loanId: z.uuid({ error: 'Préstamo inválido' }).optional(),
});

export const customerDocumentUpload = customerDocumentFields
  .superRefine((upload, ctx) => {
    if (upload.type === 'PROOF_OF_ADDRESS' && !upload.documentDate)
      ctx.addIssue({ code: 'custom', path: ['documentDate'], message: PROOF_DATE_REQUIRED_MESSAGE });
  })
  .transform((upload) => ({
    ...upload,
    documentDate: upload.type === 'PROOF_OF_ADDRESS' ? (upload.documentDate ?? null) : null,
  }));
export type CustomerDocumentUpload = z.input<typeof customerDocumentUpload>;

/** The name the uploading device gave the file, kept to show it; refused rather than altered. */
export const documentFilename = optionalText({
  label: 'El nombre del archivo',
  max: MAX_DOCUMENT_FILENAME,
});

export const customerDocumentParams = z.object({ id: uuid, documentId: uuid });

export const customerDocument = z.object({
  id: z.string(),
  type: z.enum(CUSTOMER_DOCUMENT_TYPES),
  description: z.string().nullable(),
  filename: z.string().nullable(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  uploadedOn: z.string(),
  /** The proof of address's date (YYYY-MM-DD); null for other types and older uploads. */
  documentDate: z.string().nullable(),
  /** Null only if the uploading user's row were ever gone. */
  uploadedBy: z.object({ id: z.string(), ...staffName }).nullable(),
  /** The loan of a signed contract (absent for every other document). */
  loanId: z.string().optional(),
  /** A short-lived signed link to the file, usable in an <img>, an <iframe> or a new tab. */
  uri: z.string(),
});
export type CustomerDocument = z.infer<typeof customerDocument>;
