/**
 * Reading one row of a bank statement with the columns an administrator mapped for that account
 * ('Conciliación'). Pure: cells are the trimmed strings of spreadsheet/rows.ts (an XLSX date cell
 * arrives as YYYY-MM-DD, an XLSX number as JavaScript writes it, with a decimal point).
 */

export const STATEMENT_DATE_FORMATS = ['DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];
export const DECIMAL_SEPARATORS = [',', '.'] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];
export type StatementDirection = 'CREDIT' | 'DEBIT';

/** Column indexes are 0-based here (the server turns the letters A, B, … into them). */
export interface StatementColumns {
  date: number;
  concept: number;
  reference: number | null;
  /** One signed amount column, or… */
  amount: number | null;
  /** …a credit column and a debit column (one of them filled on each row). */
  credit: number | null;
  debit: number | null;
  /** Optional 'abono'/'cargo' column; then `amount` is read as a magnitude. */
  direction: number | null;
  dateFormat: StatementDateFormat;
  decimalSeparator: DecimalSeparator;
}

export interface StatementLine {
  date: string;
  direction: StatementDirection;
  amountCents: number;
  concept: string;
  reference: string;
}

export type StatementCellProblem = 'date' | 'amount' | 'direction';
export type StatementLineResult =
  | { ok: true; line: StatementLine }
  | { ok: false; problem: StatementCellProblem; column: number };

const validDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2099 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A date cell in the mapped format (an ISO date is always accepted: XLSX date cells arrive so). */
export function parseStatementDate(cell: string, format: StatementDateFormat): string | null {
  const text = cell.trim().split(/[\sT]/)[0] ?? '';
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (isoMatch) {
    const [y, m, d] = isoMatch.slice(1).map(Number) as [number, number, number];
    return validDate(y, m, d) ? iso(y, m, d) : null;
  }
  if (format !== 'DD/MM/YYYY') return null;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dmy) return null;
  const [d, m, y] = dmy.slice(1).map(Number) as [number, number, number];
  return validDate(y, m, d) ? iso(y, m, d) : null;
}

/**
 * An amount cell in centavos, signed; null when unreadable or with more than two decimals. '$', spaces
 * and thousands separators are ignored; `(1,234.00)` or a trailing '-' is negative. With decimal comma,
 * a point followed by exactly three digits groups thousands, and a lone point with one or two digits
 * at the end is a decimal point (how an XLSX number cell arrives).
 */
export function parseStatementAmount(cell: string, decimal: DecimalSeparator): number | null {
  let text = cell.replace(/[$\s]/g, '').replace(/MXN/i, '');
  if (text === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  let normalized: string;
  if (decimal === ',') {
    normalized =
      !text.includes(',') && /^\d+\.\d{1,2}$/.test(text)
        ? text
        : text.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  } else {
    normalized = text.replace(/,(?=\d{3}(\D|$))/g, '');
  }
  const match = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(normalized);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return negative ? -cents : cents;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const CREDIT_WORDS = new Set(['abono', 'abonos', 'credito', 'c', 'cr', 'deposito', 'ingreso', 'haber', '+']);
const DEBIT_WORDS = new Set(['cargo', 'cargos', 'debito', 'd', 'dr', 'retiro', 'egreso', 'debe', '-']);

/** 'Abono', 'Crédito', 'C', '+' … → CREDIT; 'Cargo', 'Débito', 'D', '-' … → DEBIT; else null. */
export function parseStatementDirection(cell: string): StatementDirection | null {
  const word = fold(cell.trim()).split(/[\s.]/)[0] ?? '';
  if (CREDIT_WORDS.has(word)) return 'CREDIT';
  if (DEBIT_WORDS.has(word)) return 'DEBIT';
  return null;
}

/**
 * A bank's free text as kept and shown: control and bidirectional-override characters (which could
 * reorder what the screen shows) become spaces, runs of spaces one.
 */
export function cleanStatementText(text: string): string {
  return text
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One data row read with the mapping; the first cell that cannot be read is named. */
export function readStatementLine(cells: string[], columns: StatementColumns): StatementLineResult {
  const cell = (index: number | null) => (index === null ? '' : (cells[index] ?? ''));
  const date = parseStatementDate(cell(columns.date), columns.dateFormat);
  if (!date) return { ok: false, problem: 'date', column: columns.date };
  let signed: number | null;
  let amountColumn: number;
  if (columns.amount !== null) {
    amountColumn = columns.amount;
    signed = parseStatementAmount(cell(columns.amount), columns.decimalSeparator);
  } else {
    const credit = cell(columns.credit);
    amountColumn = (credit !== '' ? columns.credit : columns.debit) ?? 0;
    const magnitude = parseStatementAmount(
      credit !== '' ? credit : cell(columns.debit),
      columns.decimalSeparator,
    );
    signed = magnitude === null ? null : credit !== '' ? Math.abs(magnitude) : -Math.abs(magnitude);
  }
  if (signed === null || signed === 0) return { ok: false, problem: 'amount', column: amountColumn };
  let direction: StatementDirection = signed > 0 ? 'CREDIT' : 'DEBIT';
  if (columns.direction !== null) {
    const stated = parseStatementDirection(cell(columns.direction));
    if (!stated) return { ok: false, problem: 'direction', column: columns.direction };
    direction = stated;
  }
  return {
    ok: true,
    line: {
      date,
      direction,
      amountCents: Math.abs(signed),
      concept: cleanStatementText(cell(columns.concept)),
      reference: cleanStatementText(cell(columns.reference)),
    },
  };
}
