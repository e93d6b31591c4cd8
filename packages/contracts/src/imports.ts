import { envelope } from './common.ts';
import { z } from './zod.ts';

/**
 * 'Importar' (administrators): an existing book of customers and loans in progress from an XLSX or CSV
 * file, one row per customer with at most one loan in progress. The template's columns, in order; the
 * server reads a file's columns by these headers (case and accents ignored), the 'Instrucciones' sheet
 * of the template documents each one from here.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** How many of a dry run's problems are kept and shown; the rejected-rows file has them all. */
export const IMPORT_PROBLEMS_SHOWN = 500;
export const IMPORT_EXTERNAL_ID_MAX = 64;

export interface ImportColumn {
  header: string;
  required: 'sí' | 'no' | 'con préstamo';
  format: string;
  example: string;
}

export const IMPORT_COLUMNS = [
  {
    header: 'id_externo',
    required: 'sí',
    format: `Su identificador del cliente, único en el archivo (máx. ${IMPORT_EXTERNAL_ID_MAX} caracteres). Importar de nuevo una fila con el mismo id no la escribe dos veces.`,
    example: 'CL-0001',
  },
  { header: 'nombre', required: 'sí', format: 'Nombre(s), máx. 80 caracteres', example: 'María' },
  { header: 'apellido_paterno', required: 'sí', format: 'Máx. 80 caracteres', example: 'Gómez' },
  { header: 'apellido_materno', required: 'no', format: 'Máx. 80 caracteres', example: 'López' },
  { header: 'telefono', required: 'sí', format: '10 dígitos, sin espacios', example: '5512345678' },
  {
    header: 'curp',
    required: 'sí',
    format: '18 caracteres; no puede estar ya registrada',
    example: 'GOLM800101MDFMPR09',
  },
  { header: 'calle', required: 'sí', format: 'Máx. 120 caracteres', example: 'Av. Juárez' },
  { header: 'num_exterior', required: 'sí', format: 'Máx. 20 caracteres', example: '120' },
  { header: 'num_interior', required: 'no', format: 'Máx. 20 caracteres', example: '3B' },
  { header: 'colonia', required: 'sí', format: 'Máx. 120 caracteres', example: 'Centro' },
  { header: 'ciudad', required: 'sí', format: 'Máx. 120 caracteres', example: 'Puebla' },
  {
    header: 'estado',
    required: 'sí',
    format: 'Uno de los 32 estados, en mayúsculas y sin acentos (CIUDAD DE MEXICO, NUEVO LEON…)',
    example: 'PUEBLA',
  },
  { header: 'codigo_postal', required: 'sí', format: '5 dígitos', example: '72000' },
  {
    header: 'agente',
    required: 'sí',
    format: 'Número de usuario o nombre de usuario de un agente activo',
    example: '1002',
  },
  {
    header: 'producto',
    required: 'no',
    format:
      'Nombre del producto; vacío: el único producto activo. Déjelo vacío junto con monto si el cliente no tiene préstamo en curso.',
    example: 'Semanal 12',
  },
  {
    header: 'monto',
    required: 'con préstamo',
    format: 'Monto entregado en pesos (1500 o 1,500.00), dentro del mínimo y máximo del producto',
    example: '5000',
  },
  {
    header: 'fecha_entrega',
    required: 'con préstamo',
    format: 'AAAA-MM-DD o DD/MM/AAAA, no posterior a hoy; el pago 1 vence 7 días después',
    example: '2026-01-05',
  },
  {
    header: 'pagos_realizados',
    required: 'no',
    format: 'Pagos semanales completos ya pagados (0 si vacío)',
    example: '3',
  },
  {
    header: 'abono_siguiente',
    required: 'no',
    format: 'Lo ya pagado del siguiente pago, en pesos, menos que el pago (0 si vacío)',
    example: '150',
  },
  {
    header: 'multas_pendientes',
    required: 'no',
    format:
      'Multas por atraso que se deben hoy, en pesos (0 si vacío); a lo más el tope por pago de cada pago vencido',
    example: '100',
  },
] as const satisfies readonly ImportColumn[];

export type ImportColumnHeader = (typeof IMPORT_COLUMNS)[number]['header'];

/** A problem of one cell (or of the row when `column` is null), with the row's number in the file. */
export const importProblem = z.object({
  row: z.number().int(),
  /** The spreadsheet letter ('F'), null for the whole row. */
  column: z.string().nullable(),
  /** The column's header ('telefono'), null for the whole row. */
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const IMPORT_STATUSES = ['CHECKED', 'DONE', 'FAILED'] as const;
export const IMPORT_STATUS_LABELS: Record<(typeof IMPORT_STATUSES)[number], string> = {
  CHECKED: 'Revisado',
  DONE: 'Importado',
  FAILED: 'Fallido',
};
export const IMPORT_MODES = ['ALL', 'VALID'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  ALL: 'Todo o nada',
  VALID: 'Solo las filas válidas',
};

/** An import as its screen and history show it. */
export const bookImport = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  // ALL or VALID (IMPORT_MODES); null until run.
  mode: z.string().nullable(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  rejectedRows: z.number().int(),
  alreadyImported: z.number().int(),
  newCustomers: z.number().int(),
  newLoans: z.number().int(),
  problemCount: z.number().int(),
  importedCustomers: z.number().int(),
  importedLoans: z.number().int(),
  createdOn: z.string(),
  finishedOn: z.string().nullable(),
  createdBy: z.object({ num: z.number().int(), name: z.string(), lastName: z.string() }).nullable(),
});
export type BookImport = z.infer<typeof bookImport>;

export const bookImportDetails = bookImport.extend({ problems: z.array(importProblem) });
export type BookImportDetails = z.infer<typeof bookImportDetails>;

export const bookImportReply = envelope(bookImportDetails);
export const bookImportsReply = envelope(z.array(bookImport));

/** `POST /api/v1/imports/{id}/run`. */
export const importRunRequest = z
  .object({
    mode: z.enum(IMPORT_MODES, {
      error: 'Elija el modo: ALL (todo o nada) o VALID (solo las filas válidas)',
    }),
  })
  .strict();
export type ImportRunRequest = z.input<typeof importRunRequest>;

/** One line of the run's progress stream (NDJSON): progress, then the finished import or a problem. */
export type ImportRunEvent =
  | { type: 'progress'; processed: number; total: number }
  | { type: 'done'; import: BookImportDetails }
  | { type: 'error'; status: number; detail: string };
