import { IMPORT_COLUMNS, type ImportColumnHeader } from '@prestaya/contracts';
import { addDays, businessDate, curpCheckDigit } from '@prestaya/domain';
import ExcelJS from 'exceljs';

// Import files ('Importar') for the journeys: one valid row per customer, any cell overridable.

const HEADERS = IMPORT_COLUMNS.map((column) => column.header);
export type BookRow = Record<ImportColumnHeader, string>;

const CONSONANTS = 'BCDFGHJKLM';

/** A CURP that passes the full check (date, state, check digit), unique per (run id, n). */
export function validCurp(run: string, n: number): string {
  const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(n / 10) * 86_400_000);
  const date = birth.toISOString().slice(2, 10).replaceAll('-', '');
  const inner = [...run.slice(-3)].map((digit) => CONSONANTS[Number(digit)] ?? 'X').join('');
  const head = `GAMA${date}HDF${inner}${n % 10}`;
  return `${head}${curpCheckDigit(head)}`;
}

/** The business day `days` before today, as the file writes it. */
export function daysAgo(days: number): string {
  return addDays(businessDate(new Date(), 'America/Mexico_City'), -days);
}

/**
 * Row n of run `run`: a customer of `agent` with a $1,000 loan delivered 30 days ago (4 installments of
 * $100 due), 2 paid, $50 paid of the third, $150 of fines pending: it owes $1,100, $300 of it today.
 */
export function bookRow(run: string, n: number, agent: string, overrides: Partial<BookRow> = {}): BookRow {
  return {
    id_externo: `R${run}-${n}`,
    nombre: 'Importada',
    apellido_paterno: `Cliente${n}`,
    apellido_materno: '',
    telefono: `55${String(10_000_000 + n).slice(-8)}`,
    curp: validCurp(run, n),
    calle: 'Calle 5 de Mayo',
    num_exterior: String(n),
    num_interior: '',
    colonia: 'Centro',
    ciudad: 'Puebla',
    estado: 'PUEBLA',
    codigo_postal: '72000',
    agente: agent,
    producto: '',
    monto: '1000',
    fecha_entrega: daysAgo(30),
    pagos_realizados: '2',
    abono_siguiente: '50',
    multas_pendientes: '150',
    ...overrides,
  };
}

export async function xlsxOf(rows: BookRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clientes');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(HEADERS.map((header) => row[header]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
