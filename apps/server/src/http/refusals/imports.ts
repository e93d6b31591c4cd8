import { badRequest, conflict, notFound, type RefusalEntry, tooLarge, unsupportedMedia } from './status.ts';

/** 'Importar' (modules/imports): an uploaded spreadsheet and the loans it brings. */
export const IMPORT_REFUSALS = {
  /** Every SheetError of an uploaded spreadsheet (spreadsheet/rows.ts): its own Spanish message names the row and column. */
  'spreadsheet.unusable': badRequest('{detail}', 'file'),
  // 'Importar' (modules/imports): the file as a whole, and the rules of an imported loan (domain book-import.ts).
  'import.not_multipart': unsupportedMedia('Envíe el archivo como multipart/form-data con la parte file'),
  'import.file_missing': badRequest('Adjunte el archivo XLSX o CSV', 'file'),
  'import.file_too_large': tooLarge('El archivo excede {max} MB'),
  'import.sheet_type': unsupportedMedia('El archivo debe ser una hoja de cálculo XLSX o un CSV'),
  'import.missing_columns': badRequest('Faltan columnas de la plantilla: {columns}', 'file'),
  'import.not_found': notFound('Importación no encontrada'),
  'import.already_run': conflict('Esta importación ya se ejecutó; suba el archivo de nuevo para otra'),
  'import.has_rejected_rows': conflict(
    'El archivo tiene {rows} filas con errores: corríjalas o elija importar solo las filas válidas',
  ),
  'import.changed_since_check': conflict(
    'Otra importación escribió algunas de estas filas al mismo tiempo; revise el archivo de nuevo',
  ),
  'import.delivery_in_future': badRequest('La fecha de entrega no puede ser posterior a hoy'),
  'import.paid_beyond_term': badRequest('Los pagos realizados deben ser de 0 al plazo del producto ({term})'),
  'import.partial_too_large': badRequest(
    'El abono al siguiente pago debe ser menor que el pago (máximo {limit})',
  ),
  'import.fines_above_cap': badRequest(
    'Las multas pendientes exceden lo que los pagos vencidos pueden deber (máximo {limit})',
  ),
  'import.loan_settled': badRequest('El préstamo ya está pagado: solo se importan préstamos en curso'),
} satisfies Record<string, RefusalEntry>;
