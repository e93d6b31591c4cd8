import { badRequest, conflict, notFound, type RefusalEntry, tooLarge, unsupportedMedia } from './status.ts';

/** Anti-money-laundering screening ('PLD', modules/aml): its lists, matches and cases. */
export const AML_REFUSALS = {
  // Anti-money-laundering screening ('PLD', modules/aml). The stop never names the list: staff read
  // that an administrator must review the customer, the public side a generic refusal.
  'aml.review_required': conflict('Operación detenida: el cliente requiere una revisión del administrador'),
  'aml.public_refused': conflict(
    'No es posible registrar este pago en línea; comuníquese con la oficina de su préstamo',
  ),
  'aml.not_multipart': unsupportedMedia('Envíe la lista como multipart/form-data con las partes name y file'),
  'aml.file_missing': badRequest('Adjunte el archivo CSV de la lista', 'file'),
  'aml.file_too_large': tooLarge('El archivo de la lista excede {max} MB'),
  'aml.file_not_utf8': badRequest('El archivo debe ser texto CSV en UTF-8', 'file'),
  'aml.file_malformed': badRequest('El archivo CSV está mal formado cerca de la línea {line}', 'file'),
  'aml.file_empty': badRequest('El archivo no tiene filas de personas', 'file'),
  'aml.too_many_rows': badRequest('El archivo excede {max} filas', 'file'),
  'aml.missing_columns': badRequest(
    'Faltan las columnas {columns}; el archivo debe tener nombre, curp, rfc, lista y fecha',
    'file',
  ),
  'aml.match_not_found': notFound('Coincidencia no encontrada'),
  'aml.match_resolved': conflict('La coincidencia ya fue resuelta'),
  'aml.case_not_found': notFound('Caso no encontrado'),
  'aml.case_closed': conflict('El caso ya está cerrado'),
  'aml.customer_not_found': notFound('No existe un cliente con ese número', 'customerNum'),
  'aml.payment_not_found': notFound('No existe un pago con ese identificador', 'paymentId'),
} satisfies Record<string, RefusalEntry>;
