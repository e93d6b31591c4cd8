import { IMPORT_COLUMNS } from '@prestaya/contracts';
import ExcelJS from 'exceljs';

/**
 * GET /imports/template.xlsx: the file to fill in. The first sheet holds only the headers (the import
 * reads the first sheet); 'Instrucciones' documents every column: whether it is required, its format
 * and an example, from the same list the import reads the columns by (contracts IMPORT_COLUMNS).
 */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet('Clientes');
  data.addRow(IMPORT_COLUMNS.map((column) => column.header));
  data.getRow(1).font = { bold: true };
  data.columns.forEach((column) => {
    column.width = 18;
  });
  const notes = workbook.addWorksheet('Instrucciones');
  notes.addRow(['Columna', 'Requerida', 'Formato', 'Ejemplo']);
  notes.getRow(1).font = { bold: true };
  for (const column of IMPORT_COLUMNS) {
    notes.addRow([column.header, column.required, column.format, column.example]);
  }
  notes.addRow([]);
  notes.addRow([
    'Notas',
    '',
    'Una fila por cliente, con a lo más un préstamo en curso. Primero se revisa el archivo sin escribir nada; ' +
      'después se importa todo o solo las filas válidas. Las multas pendientes cubren hasta el día anterior a ' +
      'la importación; desde ese día las multas se generan solas, sin pasar del tope por pago.',
    '',
  ]);
  notes.getColumn(1).width = 20;
  notes.getColumn(2).width = 14;
  notes.getColumn(3).width = 90;
  notes.getColumn(4).width = 22;
  notes.getColumn(3).alignment = { wrapText: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
