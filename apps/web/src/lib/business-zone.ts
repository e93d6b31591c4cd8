/**
 * The business time zone the session names, in a module of its own so that the sign-in page (which
 * sets it) does not load the date formats (which read it) and their calendar library.
 */

/** The server's TZ_BUSINESS default, used until a login or refresh reply names the server's zone. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'America/Mexico_City';

let businessZone = DEFAULT_BUSINESS_TIME_ZONE;

/** The business time zone (docs/architecture.md "Money and time") the business dates are shown in. */
export const businessTimeZone = (): string => businessZone;

/**
 * Takes the server's business time zone (the session's `businessTimeZone`); a zone this browser does not
 * know, or none, leaves the current one.
 */
export function setBusinessTimeZone(zone: string | undefined): void {
  if (!zone || zone === businessZone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    businessZone = zone;
  } catch {
    // An unknown zone: keep showing the days of the last known one.
  }
}
