import { badRequest, conflict, notFound, type RefusalEntry, tooLarge, unsupportedMedia } from './status.ts';

/** Bank statements uploaded for reconciliation (modules/reconciliation). */
export const RECONCILIATION_REFUSALS = {
  'reconciliation.not_multipart': unsupportedMedia(
    'Envíe el estado de cuenta como multipart/form-data con la parte file',
  ),
  'reconciliation.file_missing': badRequest('Adjunte el archivo del estado de cuenta', 'file'),
  'reconciliation.file_too_large': tooLarge('El estado de cuenta excede {max} MB'),
  'reconciliation.line_unreadable': badRequest('Fila {row}, columna {column}: {problem}', 'file'),
  'reconciliation.no_lines': badRequest('El archivo no tiene movimientos después del encabezado', 'file'),
  'reconciliation.mapping_required': conflict(
    'Configure primero las columnas del estado de cuenta de esta cuenta',
  ),
  'reconciliation.statement_not_found': notFound('Estado de cuenta no encontrado'),
} satisfies Record<string, RefusalEntry>;
