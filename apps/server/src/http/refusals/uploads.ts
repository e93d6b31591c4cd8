import {
  badRequest,
  forbidden,
  notFound,
  type RefusalEntry,
  tooLarge,
  tooManyRequests,
  unavailable,
  unprocessable,
  unsupportedMedia,
} from './status.ts';

/** The multipart payment request, its proof image and idempotency key. */
export const UPLOAD_REFUSALS = {
  'idempotency.key_reused': unprocessable(
    'Esta clave de idempotencia ya se usó con otra solicitud; envíe una clave nueva para este pago',
    'idempotency-key',
  ),
  'upload.not_multipart': unsupportedMedia(
    'Envíe el pago como multipart/form-data con la parte paymentRequest',
  ),
  'upload.request_missing': badRequest('paymentRequest: es requerido'),
  'upload.request_invalid_json': badRequest('paymentRequest: JSON inválido'),
  'upload.request_invalid_utf8': badRequest('paymentRequest: no es UTF-8 válido'),
  'upload.request_twice': badRequest('paymentRequest: envíe una sola parte paymentRequest'),
  'upload.one_file_only': badRequest('Solo se permite un archivo'),
  'upload.file_too_large': tooLarge('El comprobante excede 10 MB'),
  'upload.file_empty': badRequest('El comprobante está vacío'),
  'upload.file_not_image': unsupportedMedia('El comprobante debe ser una imagen JPG, PNG, WebP o HEIC'),
  'upload.image_unreadable': unsupportedMedia(
    'El comprobante está dañado o no es una imagen JPG, PNG, WebP o HEIC válida',
  ),
  'upload.image_too_many_pixels': tooLarge('La imagen del comprobante excede {max} megapíxeles'),
  'upload.busy_client': tooManyRequests(
    'Ya tiene archivos subiéndose; espere a que terminen e intente de nuevo',
  ),
  'upload.busy_server': unavailable(
    'El servidor está recibiendo muchos archivos; intente de nuevo en unos segundos',
  ),
  'upload.too_many_parts': badRequest('La solicitud tiene demasiadas partes'),
  'upload.malformed': badRequest('La solicitud multipart está incompleta o mal formada'),
  'attachment.link_invalid': forbidden('El enlace del comprobante no es válido o ya expiró'),
  'attachment.not_found': notFound('Comprobante no encontrado'),
} satisfies Record<string, RefusalEntry>;
