/**
 * Today in the business time zone (docs/architecture.md "Money and time": America/Mexico_City), 'YYYY-MM-DD'.
 * The request date defaults to it; the server refuses a later one, so a browser in another time zone
 * must not offer its own (possibly later) calendar day.
 */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

export function businessToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
