/**
 * Bounds of every calendar date the API accepts, without zod (the web's date pickers use them too).
 * A business that started lending this century and plans its schedules a few years ahead never needs
 * a day outside 2000–2099, and every date computation (Date, PostgreSQL `date`, TZ offsets) is exact
 * inside it: a client-chosen 9999-12-31 or 0001-01-01 reaches no code at all.
 */
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2099-12-31';
export const DATE_BOUNDS_MESSAGE = `La fecha debe estar entre ${MIN_DATE} y ${MAX_DATE}`;
export const DATE_FORMAT_MESSAGE = 'Fecha inválida, use AAAA-MM-DD';
export const DATE_ORDER_MESSAGE = 'La fecha final debe ser igual o posterior a la inicial';
export const dateSpanMessage = (maxDays: number) => `El rango no puede ser mayor a ${maxDays} días`;

/** Same-format `YYYY-MM-DD` strings compare as dates. */
export const isWithinDateBounds = (date: string) => date >= MIN_DATE && date <= MAX_DATE;

// The day count is the domain's calendar rule; the schemas' date checks use it too.
export { daysBetween } from '@prestaya/domain';
