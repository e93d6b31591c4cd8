import { centsToPesos, type LoanProduct, type LoanProductInput, pesosToCents } from '@prestaya/contracts';
import type { LoanProductTerms } from '@prestaya/domain';
import type { LoanProductRow } from '../../db/schema/loan-products.ts';

/** A share in percent with at most two decimals (validated by the contract) in basis points. */
const percentToBp = (percent: number) => Math.round(percent * 100);
const bpToPercent = (bp: number) => bp / 100;

/** The API shape of a product: centavos become pesos and basis points percent here and only here. */
export function toLoanProductDto(row: LoanProductRow): LoanProduct {
  return {
    id: row.id,
    name: row.name,
    termWeeks: row.termWeeks,
    interestPercent: bpToPercent(row.interestBp),
    dailyFee: centsToPesos(row.dailyFeeCents),
    lateFeeCapPercent: bpToPercent(row.lateFeeCapBp),
    minAmount: centsToPesos(row.minAmountCents),
    maxAmount: centsToPesos(row.maxAmountCents),
    renewalThreshold: row.renewalThreshold,
    payoffDiscountPercent: bpToPercent(row.payoffDiscountBp),
    active: row.active,
    createdOn: row.createdOn.toISOString(),
    updatedOn: row.updatedOn.toISOString(),
  };
}

/** The columns a validated input writes. */
export function productColumns(input: LoanProductInput): LoanProductTerms & { name: string } {
  return {
    name: input.name,
    termWeeks: input.termWeeks,
    interestBp: percentToBp(input.interestPercent),
    dailyFeeCents: pesosToCents(input.dailyFee),
    lateFeeCapBp: percentToBp(input.lateFeeCapPercent),
    minAmountCents: pesosToCents(input.minAmount),
    maxAmountCents: pesosToCents(input.maxAmount),
    renewalThreshold: input.renewalThreshold,
    payoffDiscountBp: percentToBp(input.payoffDiscountPercent),
  };
}

/** What the audit trail keeps of a product (as the API shows it). */
export function productAuditSnapshot(row: LoanProductRow): Record<string, unknown> {
  const { createdOn: _c, updatedOn: _u, id: _i, ...rest } = toLoanProductDto(row);
  return rest;
}

export const LOAN_PRODUCT_AUDIT_ENTITY = 'loan_product';
