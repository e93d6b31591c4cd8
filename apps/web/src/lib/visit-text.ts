import { VISIT_OUTCOME_LABELS, type VisitSummary } from '@prestaya/contracts';
import { addDays, businessDate } from '@prestaya/domain';
import { businessTimeZone, dayjs, formatMoney } from './format.ts';

/** When a visit was, on the business clock: 'hoy 11:20', 'ayer 18:05' or '27/11 09:40'. */
export function visitWhen(visitedAt: string, now: Date = new Date()): string {
  const zone = businessTimeZone();
  const at = new Date(visitedAt);
  const day = businessDate(at, zone);
  const today = businessDate(now, zone);
  const time = dayjs(at).tz(zone).format('HH:mm');
  if (day === today) return `hoy ${time}`;
  if (day === addDays(today, -1)) return `ayer ${time}`;
  return `${dayjs(at).tz(zone).format('DD/MM')} ${time}`;
}

/** 'Promesa $500.00 para el 30/11' ('para hoy' on its day). */
export function promiseText(
  visit: Pick<VisitSummary, 'promisedDate' | 'promisedAmount'>,
  now: Date = new Date(),
): string {
  if (!visit.promisedDate || visit.promisedAmount === null) return '';
  const today = businessDate(now, businessTimeZone());
  const when =
    visit.promisedDate === today ? 'para hoy' : `para el ${dayjs(visit.promisedDate).format('DD/MM')}`;
  return `Promesa ${formatMoney(visit.promisedAmount)} ${when}`;
}

/** A visit in one line: 'No estaba · hoy 11:20', 'Promesa $500.00 para el 30/11 · hoy 11:20'. */
export function visitText(visit: VisitSummary, now: Date = new Date()): string {
  const what = visit.outcome === 'PROMISE' ? promiseText(visit, now) : VISIT_OUTCOME_LABELS[visit.outcome];
  return `${what} · ${visitWhen(visit.visitedAt, now)}`;
}
