import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { MAX_DATE, MIN_DATE } from '@prestaya/contracts';
import { IconCalendarOff } from '@tabler/icons-react';
import { DATE_FORMAT, dayjs, ISO_DATE_FORMAT, parseTypedDate } from '../lib/format.ts';

/** A `from`/`to` pair of business days (`YYYY-MM-DD`), either end absent. */
export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The farthest day the other end of a range may be, `days` away from `date`, so the pickers never
 * offer a range the API refuses (at most `maxDays` days, both ends included).
 */
export const rangeEnd = (date: string | undefined, days: number) =>
  date ? dayjs(date).add(days, 'day').format(ISO_DATE_FORMAT) : undefined;

/** One day of a filter, typed as DD/MM/AAAA or picked, within the dates the API accepts. */
export function DateFilter({
  label,
  value,
  onChange,
  minDate,
  maxDate,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  minDate?: string | undefined;
  maxDate?: string | undefined;
}) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <DateInput
        label={label}
        value={value ?? null}
        onChange={(next) => onChange(next ?? undefined)}
        valueFormat={DATE_FORMAT}
        dateParser={parseTypedDate}
        placeholder="DD/MM/AAAA"
        clearable
        minDate={minDate && minDate > MIN_DATE ? minDate : MIN_DATE}
        maxDate={maxDate && maxDate < MAX_DATE ? maxDate : MAX_DATE}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}

/**
 * 'Desde' and 'Hasta' of a list's dates: `to` never before `from`, the range at most `maxDays` days,
 * and 'Quitar fechas' once either is set.
 */
export function DateRangeFilter({
  range,
  onChange,
  maxDays,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
  maxDays: number;
}) {
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label="Fechas">
      <DateFilter
        label="Desde"
        value={range.from}
        minDate={rangeEnd(range.to, 1 - maxDays)}
        maxDate={range.to}
        onChange={(from) => onChange({ ...range, from })}
      />
      <DateFilter
        label="Hasta"
        value={range.to}
        minDate={range.from}
        maxDate={rangeEnd(range.from, maxDays - 1)}
        onChange={(to) => onChange({ ...range, to })}
      />
      {(range.from || range.to) && (
        <Button
          variant="subtle"
          leftSection={<IconCalendarOff size={16} aria-hidden />}
          onClick={() => onChange({})}
        >
          Quitar fechas
        </Button>
      )}
    </Group>
  );
}
