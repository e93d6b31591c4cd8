import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { DATE_FORMAT, parseTypedDate } from '../../../lib/format.ts';

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
