import { Text } from '@mantine/core';
import { CAT_LABEL, formatCat } from '@prestaya/contracts';
import { useLoanCat } from '../api/get-loan-cat.ts';

/** The loan's CAT as the server computes it from the loan's own terms; nothing until it arrives. */
export function LoanCatLine({ loanId }: { loanId: string }) {
  const cat = useLoanCat(loanId);
  if (cat.data === undefined) return null;
  return (
    <Text size="sm" data-testid="loan-cat">
      {CAT_LABEL}: <strong>{formatCat(cat.data.cat)}</strong>
    </Text>
  );
}
