import { Badge } from '@mantine/core';
import { RESTRUCTURED_LOAN_LABEL } from '@prestaya/contracts/plain';

export interface RestructuredMarkProps {
  /** How many times the loan was restructured (the server's `restructureCount`). */
  count: number | undefined;
}

/**
 * 'Reestructurado' beside a loan's status wherever loans are listed (Lista Global, the customer's loans,
 * Cobranza's cards, the loan's summary); nothing for a loan never restructured. Twice or more says so.
 */
export function RestructuredMark({ count }: RestructuredMarkProps) {
  if (!count) return null;
  return (
    <Badge
      variant="outline"
      color="violet"
      radius="sm"
      style={{ textTransform: 'none', minWidth: 'max-content', flexShrink: 0 }}
      title={count > 1 ? `Reestructurado ${count} veces` : undefined}
    >
      {count > 1 ? `${RESTRUCTURED_LOAN_LABEL} ×${count}` : RESTRUCTURED_LOAN_LABEL}
    </Badge>
  );
}
