/**
 * How every screen and document names and writes the CAT (the server computes it, @prestaya/domain
 * loan-cat.ts): 'CAT sin IVA, para fines informativos' beside '347.3 %'. Zod-free, so the borrower's
 * pages use it too.
 */
export const CAT_LABEL = 'CAT sin IVA, para fines informativos';

/** 347.3 → '347.3 %' (always one decimal, thousands grouped: 1,234.5 %). */
export function formatCat(percent: number): string {
  return `${percent.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}
