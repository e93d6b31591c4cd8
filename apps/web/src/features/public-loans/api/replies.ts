import type {
  PublicLoanDetail,
  PublicLookupResult,
  PublicPaymentReply,
  PublicPaymentRequestReply,
} from '@prestaya/contracts';
import { isRecord } from '../../../lib/fetch-core.ts';

/**
 * Light checks of the public replies' shape: enough that a reply of another shape is an error rather
 * than a page reading fields that are not there, without zod, which the borrowers' bundle leaves out.
 */

const hasStrings = (value: Record<string, unknown>, ...keys: string[]) =>
  keys.every((key) => typeof value[key] === 'string');

export const isLookupResult = (value: unknown): value is PublicLookupResult =>
  isRecord(value) &&
  isRecord(value.loan) &&
  hasStrings(value.loan, 'id', 'status') &&
  isRecord(value.pendingPayments) &&
  Array.isArray(value.pendingPayments.scheduledPayments) &&
  Array.isArray(value.pendingPayments.fees) &&
  typeof value.proof === 'string';

export const isLoanDetail = (value: unknown): value is PublicLoanDetail =>
  isRecord(value) &&
  isRecord(value.loan) &&
  hasStrings(value.loan, 'id', 'status') &&
  Array.isArray(value.fees) &&
  Array.isArray(value.schedulePayments);

export const isPaymentReply = (value: unknown): value is PublicPaymentReply =>
  isRecord(value) && hasStrings(value, 'id', 'status');

export const isPaymentRequestReply = (value: unknown): value is PublicPaymentRequestReply =>
  isRecord(value) && hasStrings(value, 'id', 'status');
