import { businessDate } from '@prestaya/domain';

/**
 * How each kind of value is written into an export cell. Pure, so every rule is unit-tested
 * (test/exports/cells.test.ts). Quoting of commas, quotes and line breaks is csv-stringify's job
 * (csv/send.ts); these functions only decide the text of a cell.
 */

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"), plus their
 * full-width forms, which some spreadsheets normalise. A leading TAB or CR can hide one.
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/**
 * Any text a person typed (names, concepts, usernames): a value that a spreadsheet would evaluate gets
 * a leading apostrophe, so `=HYPERLINK("http://x","y")` opens as inert text. Numbers never pass here,
 * so a negative amount stays a number.
 */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
}

/**
 * Integer centavos as plain pesos with two decimals ("1234.50", "-0.05"): exact integer arithmetic,
 * no float formatting, no thousands separator or currency sign, so a spreadsheet reads a number.
 */
export function moneyCell(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Centavos inválidos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const pesos = Math.floor(absolute / 100);
  const centavos = String(absolute % 100).padStart(2, '0');
  return `${sign}${pesos}.${centavos}`;
}

/** A whole number (a record's `num`). */
export function integerCell(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A calendar date already in the business time zone ('YYYY-MM-DD' columns such as due dates). */
export function dateCell(value: string | null | undefined): string {
  return value ?? '';
}

/** The business day of an instant: 'YYYY-MM-DD' in TZ_BUSINESS (list columns of type date). */
export function dayCell(instant: Date | null | undefined, timeZone: string): string {
  return instant ? businessDate(instant, timeZone) : '';
}

/** An instant as 'YYYY-MM-DD HH:mm' on the business clock (24-hour). */
export function dateTimeCell(instant: Date | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${businessDate(instant, timeZone)} ${part('hour')}:${part('minute')}`;
}

/** A status or type code as its Spanish label (contracts/labels.ts); an unknown code as written. */
export function labelCell<K extends string>(
  labels: Record<K, string>,
  code: string | null | undefined,
): string {
  if (code === null || code === undefined) return '';
  return textCell(Object.hasOwn(labels, code) ? labels[code as K] : code);
}

/** Full names as the lists show them: the given parts joined by single spaces, empty parts skipped. */
export function nameCell(...parts: (string | null | undefined)[]): string {
  return textCell(parts.filter((part) => part !== null && part !== undefined && part !== '').join(' '));
}
