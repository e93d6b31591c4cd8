import {
  LOAN_DAILY_FEE,
  LOAN_TERM_WEEKS,
  type Loan,
  type LoanCreate,
  type LoanStatus,
  type LoanUpdate,
  type loanCreate,
  type loanUpdate,
} from '@prestaya/contracts';
import { amountValue } from '../../../components/MoneyInput.tsx';
import { businessToday } from '../../../lib/format.ts';

// The loan form's values, what it may change and what it sends; no rendering here.

export interface LoanFormValues {
  amount: number | string;
  /** The product chosen; '' while only one product is active (the server uses it) or none is chosen. */
  productId: string;
  term: string;
  dailyFee: string;
  status: LoanStatus;
  requestDate: string | null;
  loanFromPast: boolean;
}

/** docs/product.md §9: a new loan starts PENDING, amount 0, term 12, daily fee 50, not from the past, requested today. */
export function initialValues(loan: Loan | undefined): LoanFormValues {
  return {
    amount: loan?.amount ?? 0,
    productId: loan?.product?.id ?? '',
    term: String(loan?.term ?? LOAN_TERM_WEEKS),
    dailyFee: String(loan?.dailyFee ?? LOAN_DAILY_FEE),
    status: loan?.status ?? 'PENDING',
    requestDate: loan?.requestDate ?? businessToday(),
    loanFromPast: loan?.loanFromPast ?? false,
  };
}

export interface Permissions {
  admin: boolean;
  /** Amount, term and daily fee (docs/product.md §2 "Loan form": only while PENDING; the server enforces it). */
  terms: boolean;
  loanFromPast: boolean;
  requestDate: boolean;
  status: boolean;
}

export function permissionsFor(loan: Loan | undefined, admin: boolean): Permissions {
  if (!loan) return { admin, terms: true, loanFromPast: admin, requestDate: admin, status: false };
  const pending = loan.status === 'PENDING';
  return {
    admin,
    terms: pending,
    loanFromPast: admin && pending,
    requestDate: admin && (pending || loan.status === 'APPROVED'),
    status: admin,
  };
}

/** What a new loan sends; an agent never sends requestDate/loanFromPast (the server answers 403). */
export function createPayload(values: LoanFormValues, admin: boolean): LoanCreate {
  return {
    amount: loanAmount(values.amount),
    ...(values.productId ? { productId: values.productId } : {}),
    term: Number(values.term) as LoanCreate['term'],
    dailyFee: Number(values.dailyFee) as LoanCreate['dailyFee'],
    ...(admin
      ? {
          loanFromPast: values.loanFromPast,
          ...(values.requestDate ? { requestDate: values.requestDate } : {}),
        }
      : {}),
  };
}

/** What an edit sends: only the fields the user may change and did change. */
export function updatePayload(loan: Loan, values: LoanFormValues, can: Permissions): LoanUpdate {
  const body: LoanUpdate = {};
  if (can.terms) {
    const amount = loanAmount(values.amount);
    if (amount !== loan.amount) body.amount = amount;
    if (values.productId && values.productId !== (loan.product?.id ?? '')) body.productId = values.productId;
    if (Number(values.term) !== loan.term) body.term = Number(values.term) as LoanUpdate['term'];
    if (Number(values.dailyFee) !== loan.dailyFee) {
      body.dailyFee = Number(values.dailyFee) as LoanUpdate['dailyFee'];
    }
  }
  if (can.status && values.status !== loan.status) body.status = values.status;
  if (can.requestDate && values.requestDate && values.requestDate !== loan.requestDate) {
    body.requestDate = values.requestDate;
  }
  if (can.loanFromPast && values.loanFromPast !== loan.loanFromPast) body.loanFromPast = values.loanFromPast;
  return body;
}

export type Errors = Partial<Record<keyof LoanFormValues, string>>;

/** Field errors from the contracts' schemas (loanCreate / loanUpdate). */
export function schemaErrors(schema: typeof loanCreate | typeof loanUpdate, payload: unknown): Errors {
  const parsed = schema.safeParse(payload);
  const errors: Errors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? 'amount') as keyof LoanFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** An empty amount is 0 here: the contracts' schema refuses it with its own 'monto' message. */
export function loanAmount(value: number | string): number {
  return amountValue(value) ?? 0;
}
