import { formatPesos } from '@prestaya/contracts/plain';
import { businessDate, weekOf } from '@prestaya/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { businessTimeZone } from './business-zone.ts';

// One place for every on-screen format (docs/product.md §9).
dayjs.locale('es');
dayjs.extend(utc);
dayjs.extend(timezone);

export { businessTimeZone, DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone } from './business-zone.ts';

/**
 * Today in the business time zone, 'YYYY-MM-DD'. The request date defaults to it; the server refuses
 * a later one, so a browser in another time zone must not offer its own (possibly later) calendar day.
 */
export function businessToday(now: Date = new Date()): string {
  return businessDate(now, businessTimeZone());
}

export const DATE_FORMAT = 'DD/MM/YYYY';
export const SHORT_DATE_FORMAT = 'DD/MM/YY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY hh:mm a';
export const TIME_FORMAT = 'hh:mm:ss a';
export const SHORT_TIME_FORMAT = 'hh:mm a';
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : '';
}

export const formatDate = (value: DateInput) => format(value, DATE_FORMAT);
export const formatShortDate = (value: DateInput) => format(value, SHORT_DATE_FORMAT);
export const formatDateTime = (value: DateInput) => format(value, DATE_TIME_FORMAT);
export const formatTime = (value: DateInput) => format(value, TIME_FORMAT);
export const formatShortTime = (value: DateInput) => format(value, SHORT_TIME_FORMAT);
export const toIsoDate = (value: DateInput) => format(value, ISO_DATE_FORMAT);

/**
 * An instant's date (DD/MM/YYYY) and time (hh:mm a) on the business clock, whatever the browser's time
 * zone: the day shown is the day the server's `from`/`to` filters count it in.
 */
export function businessDateTimeParts(value: DateInput): { date: string; time: string } {
  const d = value === null || value === undefined || value === '' ? undefined : dayjs(value);
  if (!d?.isValid()) return { date: '', time: '' };
  const zoned = d.tz(businessTimeZone());
  return { date: zoned.format(DATE_FORMAT), time: zoned.format('hh:mm a') };
}

/** Money arrives from the server in pesos; shown as `$12,345.50`. */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? formatPesos(n) : '';
}

/** Sunday–Saturday of the week containing `date`, 'YYYY-MM-DD' (dashboard default, docs/product.md §9): today's by default. */
export function weekRange(date: string = businessToday()): [string, string] {
  const { from, to } = weekOf(date, 'sunday');
  return [from, to];
}

export { dayjs };

const count = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

/** A whole count with thousands separators ('1,234'). */
export function formatCount(value: number): string {
  return count.format(value);
}

/** Lower case without accents, so that 'queretaro' finds 'Querétaro' when a screen matches text itself. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** A person's full name: name, paternal and maternal last names (docs/product.md §3: joined by spaces). */
export function fullName(person: { name: string; lastName: string; secondLastName?: string | null }): string {
  return [person.name, person.lastName, person.secondLastName].filter(Boolean).join(' ');
}

/** 'DD/MM/YYYY' typed by hand → 'YYYY-MM-DD' (null when it is not a real date). */
export function parseTypedDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, d = '', m = '', y = ''] = match;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
