import { dayjs, formatCount } from '../../lib/format.ts';

const percent = new Intl.NumberFormat('es-MX', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A ratio (0.125) as a percentage with one decimal ('12.5%'). */
export function formatPercent(ratio: number): string {
  return percent.format(Number.isFinite(ratio) ? ratio : 0);
}

/** A `YYYY-MM-DD` day as the chart's x label, dd/MM. */
export function formatDayMonth(date: string): string {
  const day = dayjs(date);
  return day.isValid() ? day.format('DD/MM') : date;
}

export { formatCount };

/** 'pago' / 'pagos' after a count. */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
