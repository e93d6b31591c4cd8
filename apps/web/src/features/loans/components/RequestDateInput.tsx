import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { DATE_FORMAT } from '../../../lib/format.ts';

/** 'DD/MM/YYYY' typed by hand → 'YYYY-MM-DD' (null when it is not a real date). */
export function parseTypedDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, d = '', m = '', y = ''] = match;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A calendar date shown DD/MM/YYYY and kept as 'YYYY-MM-DD' (spec 9 "request date"). */
export function RequestDateInput(props: DateInputProps) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <DateInput
        valueFormat={DATE_FORMAT}
        dateParser={parseTypedDate}
        placeholder="DD/MM/AAAA"
        popoverProps={{ withinPortal: true }}
        {...props}
      />
    </DatesProvider>
  );
}
