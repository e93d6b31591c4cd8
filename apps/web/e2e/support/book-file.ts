import ExcelJS from 'exceljs';

// Import files ('Importar') for the journeys: one valid row per customer, any cell overridable.

const HEADERS = [
  'id_externo',
  'nombre',
  'apellido_paterno',
  'apellido_materno',
  'telefono',
  'curp',
  'calle',
  'num_exterior',
  'num_interior',
  'colonia',
  'ciudad',
  'estado',
  'codigo_postal',
  'agente',
  'producto',
  'monto',
  'fecha_entrega',
  'pagos_realizados',
  'abono_siguiente',
  'multas_pendientes',
] as const;
export type BookRow = Record<(typeof HEADERS)[number], string>;

const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
const CONSONANTS = 'BCDFGHJKLM';

/** A CURP that passes the full check (date, state, check digit), unique per (run id, n). */
export function validCurp(run: string, n: number): string {
  const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(n / 10) * 86_400_000);
  const date = birth.toISOString().slice(2, 10).replaceAll('-', '');
  const inner = [...run.slice(-3)].map((digit) => CONSONANTS[Number(digit)] ?? 'X').join('');
  const head = `GAMA${date}HDF${inner}${n % 10}`;
  const sum = [...head].reduce((total, char, i) => total + CURP_ALPHABET.indexOf(char) * (18 - i), 0);
  return `${head}${(10 - (sum % 10)) % 10}`;
}

/** The business day `days` before today, as the file writes it. */
export function daysAgo(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
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
  sheet.addRow([...HEADERS]);
  for (const row of rows) sheet.addRow(HEADERS.map((header) => row[header]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
