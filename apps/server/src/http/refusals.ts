import type {
  AbonoRefusal,
  CashCountRefusal,
  CollectedAtRefusal,
  FeeStatusRefusal,
  ImportedLoanRefusal,
  InstallmentStatusRefusal,
  LoanAmountRefusal,
  LoanStatusRefusal,
  PaymentRequestRefusal,
  PaymentSelectionRefusal,
  PaymentStatusRefusal,
  ProductChoiceRefusal,
  ProductTermsRefusal,
  RestructureRefusal,
  VisitRefusal,
  WriteOffRefusal,
} from '@prestaya/domain';
import type { CashCloseScope } from '../access/cash-close.ts';
import type { AgentAssignment } from '../access/customers.ts';
import type { SelfUpdateRefusal } from '../access/users.ts';
import { HttpProblem } from '../errors.ts';
import { ACCOUNT_REFUSALS } from './refusals/accounts.ts';
import { AML_REFUSALS } from './refusals/aml.ts';
import { CASH_REFUSALS } from './refusals/cash.ts';
import { CUSTOMER_REFUSALS } from './refusals/customers.ts';
import { DOCUMENT_REFUSALS } from './refusals/documents.ts';
import { GENERAL_REFUSALS } from './refusals/general.ts';
import { IMPORT_REFUSALS } from './refusals/imports.ts';
import { LOAN_CHANGE_REFUSALS } from './refusals/loan-changes.ts';
import { LOAN_REFUSALS } from './refusals/loans.ts';
import { PAYMENT_REFUSALS } from './refusals/payments.ts';
import { PRODUCT_REFUSALS } from './refusals/products.ts';
import { PUBLIC_REFUSALS } from './refusals/public.ts';
import { RECONCILIATION_REFUSALS } from './refusals/reconciliation.ts';
import type { RefusalEntry } from './refusals/status.ts';
import { UPLOAD_REFUSALS } from './refusals/uploads.ts';
import { USER_REFUSALS } from './refusals/users.ts';
import { VISIT_REFUSALS } from './refusals/visits.ts';

/** Codes the pure rules return: the table must word every one of them. */
type RuleRefusal =
  | AbonoRefusal
  | ImportedLoanRefusal
  | LoanStatusRefusal
  | RestructureRefusal
  | InstallmentStatusRefusal
  | FeeStatusRefusal
  | PaymentStatusRefusal
  | PaymentSelectionRefusal
  | CollectedAtRefusal
  | CashCountRefusal
  | VisitRefusal
  | WriteOffRefusal
  | SelfUpdateRefusal
  | PaymentRequestRefusal
  | ProductTermsRefusal
  | ProductChoiceRefusal
  | LoanAmountRefusal['refusal']
  | Extract<AgentAssignment, { ok: false }>['refusal']
  | Extract<CashCloseScope, { ok: false }>['refusal'];

/**
 * THE table of refusals: each code a service or a rule refuses with, its HTTP status and the Spanish
 * `detail` the user reads. Rules (packages/domain, domain/) return codes; services throw
 * `refuse(code)`; plugins/errors.ts turns the thrown Refusal into problem+json.
 *
 * - `field`: the refusal is about one input field: `detail` is `field: message` and `errors` names it,
 *   the same shape as a validation error. `refuse(code, { field })` names another field.
 * - `{name}` in a message is filled from `refuse(code, { values: { name } })`.
 *
 * Each area words its codes in its own file under refusals/; a code belongs to exactly one area.
 */
export const REFUSALS = {
  ...GENERAL_REFUSALS,
  ...USER_REFUSALS,
  ...CUSTOMER_REFUSALS,
  ...ACCOUNT_REFUSALS,
  ...LOAN_REFUSALS,
  ...PRODUCT_REFUSALS,
  ...LOAN_CHANGE_REFUSALS,
  ...PAYMENT_REFUSALS,
  ...CASH_REFUSALS,
  ...VISIT_REFUSALS,
  ...UPLOAD_REFUSALS,
  ...DOCUMENT_REFUSALS,
  ...AML_REFUSALS,
  ...IMPORT_REFUSALS,
  ...RECONCILIATION_REFUSALS,
  ...PUBLIC_REFUSALS,
} satisfies Record<RuleRefusal, RefusalEntry> & Record<string, RefusalEntry>;

export type RefusalCode = keyof typeof REFUSALS;

/** The `{name}`s of a message. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;
type PlaceholdersOf<C extends RefusalCode> = Placeholders<(typeof REFUSALS)[C]['message']>;

export type RefuseOptions<C extends RefusalCode> = { field?: string } & ([PlaceholdersOf<C>] extends [never]
  ? { values?: undefined }
  : { values: Record<PlaceholdersOf<C>, string> });

type RefuseArgs<C extends RefusalCode> = [PlaceholdersOf<C>] extends [never]
  ? [options?: RefuseOptions<C>]
  : [options: RefuseOptions<C>];

/** A refusal of the table, thrown by services; an HttpProblem so the error handler answers it as such. */
export class Refusal extends HttpProblem {
  readonly code: RefusalCode;

  constructor(code: RefusalCode, options: { field?: string; values?: Record<string, string> } = {}) {
    const entry: RefusalEntry = REFUSALS[code];
    const message = entry.message.replace(/\{(\w+)\}/g, (_, name: string) => options.values?.[name] ?? '');
    const field = options.field ?? entry.field;
    if (field) super(entry.status, `${field}: ${message}`, [{ field, message }]);
    else super(entry.status, message);
    this.code = code;
    this.name = 'Refusal';
  }
}

/** `throw refuse('loan.approve_only_pending')`. */
export function refuse<C extends RefusalCode>(code: C, ...[options]: RefuseArgs<C>): Refusal {
  return new Refusal(code, options);
}

/** The Spanish text of a code alone, for the few places that show it outside a problem reply. */
export const refusalMessage = (code: RefusalCode): string => REFUSALS[code].message;
