import { PROOF_DATE_FUTURE_MESSAGE } from '@prestaya/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  type RefusalEntry,
  tooLarge,
  unsupportedMedia,
} from './status.ts';

/** A customer's documents (modules/customer-documents). */
export const DOCUMENT_REFUSALS = {
  'document.not_found': notFound('Documento no encontrado'),
  'document.date_in_future': badRequest(PROOF_DATE_FUTURE_MESSAGE, 'documentDate'),
  'document.signed_contract_needs_loan': badRequest('Seleccione el préstamo del contrato firmado', 'loanId'),
  'document.loan_only_signed_contract': badRequest(
    'Solo un contrato firmado se liga a un préstamo',
    'loanId',
  ),
  'document.loan_not_customers': badRequest('El préstamo no es de este cliente', 'loanId'),
  'document.not_multipart': unsupportedMedia(
    'Envíe el documento como multipart/form-data con las partes type y file',
  ),
  'document.file_missing': badRequest('Adjunte el archivo del documento', 'file'),
  'document.file_too_large': tooLarge('El documento excede 10 MB'),
  'document.file_empty': badRequest('El documento está vacío', 'file'),
  'document.file_type': unsupportedMedia('El documento debe ser una imagen JPG, PNG, WebP o HEIC, o un PDF'),
  'document.image_unreadable': unsupportedMedia(
    'El documento está dañado o no es una imagen JPG, PNG, WebP o HEIC válida',
  ),
  'document.image_too_many_pixels': tooLarge('La imagen del documento excede {max} megapíxeles'),
  'document.field_twice': badRequest('Envíe un solo valor'),
  'document.too_many': conflict('El cliente ya tiene {max} documentos; elimine alguno antes de subir otro'),
  'document.link_invalid': forbidden('El enlace del documento no es válido o ya expiró'),
} satisfies Record<string, RefusalEntry>;
