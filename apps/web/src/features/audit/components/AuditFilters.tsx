import { DateInput } from '@mantine/dates';
import { AUDIT_ENTITIES, type AuditEntity, MAX_DATE, MIN_DATE } from '@prestaya/contracts';
import { DATE_FORMAT, dayjs, ISO_DATE_FORMAT, parseTypedDate } from '../../../lib/format.ts';
import type { AuditFilters } from '../api/get-audit.ts';

// The audit screen's filters: read from the URL, and the date range the API accepts.

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters live in the URL (?entity&userId&from&to): a reload or a shared link keeps them. */
export function readFilters(params: URLSearchParams): AuditFilters {
  const entity = params.get('entity');
  const userId = params.get('userId');
  const from = params.get('from');
  const to = params.get('to');
  return {
    entity: AUDIT_ENTITIES.includes(entity as AuditEntity) ? (entity as AuditEntity) : undefined,
    userId: userId && UUID.test(userId) ? userId : undefined,
    from: from && ISO_DAY.test(from) ? from : undefined,
    to: to && ISO_DAY.test(to) ? to : undefined,
  };
}

/**
 * The farthest day the other end of the range may be, `days` away from `date`, so the pickers never
 * offer a range the API refuses (at most MAX_AUDIT_RANGE_DAYS, both ends included).
 */
export const rangeEnd = (date: string | undefined, days: number) =>
  date ? dayjs(date).add(days, 'day').format(ISO_DATE_FORMAT) : undefined;

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
  minDate?: string;
  maxDate?: string;
}) {
  return (
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
  );
}
