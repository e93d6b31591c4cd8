import { businessDate } from '@prestaya/domain';

const DEFAULT_BUSINESS_TIME_ZONE = 'America/Mexico_City';

/**
 * Today's business date ('YYYY-MM-DD' in TZ_BUSINESS, docs/architecture.md "Money and time").
 *
 * The loaded AppConfig (config.businessTimeZone) is not exposed to route plugins (app.ts registers the
 * loans routes with only a prefix and decorates no `config`), so this is the ONE place the loans module
 * reads the setting, straight from the environment with the same default as config.ts. An invalid
 * TZ_BUSINESS never gets here: loadConfig refuses it at start-up.
 */
export function businessTimeZone(): string {
  return process.env.TZ_BUSINESS || DEFAULT_BUSINESS_TIME_ZONE;
}

export function businessToday(now: Date = new Date()): string {
  return businessDate(now, businessTimeZone());
}
