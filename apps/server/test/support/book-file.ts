import { IMPORT_COLUMNS, type ImportColumnHeader } from '@prestaya/contracts';
import { curpCheckDigit } from '@prestaya/domain';
import ExcelJS from 'exceljs';

/** Import files for the tests and the benchmark: valid rows by default, any cell overridable. */

/** A CURP that passes the full check (birth date, state, check digit): the n-th of a series. */
export function validCurp(n: number, letters = 'GAMA'): string {
  const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(n / 10) * 86_400_000);
  const date = birth.toISOString().slice(2, 10).replaceAll('-', '');
  const head = `${letters}${date}HDFRRL${n % 10}`;
  return `${head}${curpCheckDigit(head)}`;
}

export type BookRow = Record<ImportColumnHeader, string>;

/** Row n: a customer of `agent` with a $1,000 loan delivered `deliveredDaysAgo` days before `today`. */
export function bookRow(n: number, agent: string, today: string, overrides: Partial<BookRow> = {}): BookRow {
  const delivered = new Date(`${today}T00:00:00Z`);
  delivered.setUTCDate(delivered.getUTCDate() - 30);
  return {
    id_externo: `EXT-${String(n).padStart(5, '0')}`,
    nombre: 'Cliente',
    apellido_paterno: `Prueba${n}`,
    apellido_materno: 'Importado',
    telefono: `55${String(10_000_000 + n).slice(-8)}`,
    curp: validCurp(n),
    calle: 'Av. Reforma',
    num_exterior: String(100 + (n % 900)),
    num_interior: '',
    colonia: 'Centro',
    ciudad: 'Puebla',
    estado: 'PUEBLA',
    codigo_postal: '72000',
    agente: agent,
    producto: '',
    monto: '1,000.00',
    fecha_entrega: delivered.toISOString().slice(0, 10),
    pagos_realizados: '2',
    abono_siguiente: '50',
    multas_pendientes: '150',
    ...overrides,
  };
}

const HEADERS = IMPORT_COLUMNS.map((column) => column.header);

export async function xlsxOf(rows: BookRow[], headers: string[] = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clientes');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h as ImportColumnHeader] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function csvOf(rows: BookRow[]): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [HEADERS, ...rows.map((row) => HEADERS.map((h) => row[h]))]
    .map((cells) => cells.map(quote).join(','))
    .join('\n');
}
