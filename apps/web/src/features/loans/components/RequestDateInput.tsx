import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { MAX_DATE, MIN_DATE } from '@prestaya/contracts/plain';
import { DATE_FORMAT, parseTypedDate } from '../../../lib/format.ts';

/**
 * A calendar date shown DD/MM/YYYY and kept as 'YYYY-MM-DD' (docs/product.md §9 "request date"), within the days the
 * API accepts (a narrower minDate/maxDate from the caller wins).
 */
export function RequestDateInput(props: DateInputProps) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <DateInput
        valueFormat={DATE_FORMAT}
        dateParser={parseTypedDate}
        placeholder="DD/MM/AAAA"
        popoverProps={{ withinPortal: true }}
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        {...props}
      />
    </DatesProvider>
  );
}
