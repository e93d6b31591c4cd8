import {
  centsToPesos,
  type PaymentToReconcile,
  type StatementLine,
  type StatementView,
} from '@prestaya/contracts';
import {
  businessDate,
  DEFAULT_MATCH_WINDOW_DAYS,
  formatPaymentReference,
  matchStatement,
} from '@prestaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import {
  statementLines,
  statementMappings,
  statementUploadLines,
  statementUploads,
} from '../../db/schema/reconciliation.ts';
import { refuse } from '../../http/refusals.ts';

/** At most this many transfer payments in validation are considered (far above a day's worth). */
const MAX_PAYMENTS = 5_000;

/** Transfer payments in validation, any loan, with what matching and the screen need. */
export async function paymentsToReconcile(
  db: DbOrTx,
  timeZone: string,
): Promise<{ reply: PaymentToReconcile; amountCents: number }[]> {
  const rows = await db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      collectedAt: payments.collectedAt,
      loanId: loans.id,
      loanNum: loans.num,
      name: customers.name,
      lastName: customers.lastName,
      secondLastName: customers.secondLastName,
    })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(eq(payments.status, 'VALIDATING'), eq(payments.paymentMethod, 'TRANSFER')))
    .orderBy(asc(payments.collectedAt), asc(payments.id))
    .limit(MAX_PAYMENTS);
  return rows.map((row) => ({
    amountCents: row.amountCents,
    reply: {
      id: row.id,
      loan: { id: row.loanId, num: row.loanNum },
      customerName: [row.name, row.lastName, row.secondLastName].filter(Boolean).join(' '),
      amount: centsToPesos(row.amountCents),
      date: businessDate(row.collectedAt, timeZone),
      paymentReference: formatPaymentReference(row.loanNum),
    },
  }));
}

/**
 * GET /reconciliation/statements/{id}: the file's lines (new, already loaded by an earlier file, or
 * already reconciled), its credits matched to transfer payments in validation (domain
 * reconciliation-match.ts, the account's date window), and what is left on both sides.
 */
export async function statementView(db: DbOrTx, uploadId: string, timeZone: string): Promise<StatementView> {
  const [upload] = await db
    .select({
      id: statementUploads.id,
      fileName: statementUploads.fileName,
      createdOn: statementUploads.createdOn,
      lineCount: statementUploads.lineCount,
      newLines: statementUploads.newLines,
      accountId: bankAccounts.id,
      accountName: bankAccounts.name,
      window: statementMappings.matchWindowDays,
    })
    .from(statementUploads)
    .innerJoin(bankAccounts, eq(bankAccounts.id, statementUploads.bankAccountId))
    .leftJoin(statementMappings, eq(statementMappings.bankAccountId, bankAccounts.id))
    .where(eq(statementUploads.id, uploadId));
  if (!upload) throw refuse('reconciliation.statement_not_found');
  const rows = await db
    .select({ line: statementLines, row: statementUploadLines.rowNumber, loanNum: loans.num })
    .from(statementUploadLines)
    .innerJoin(statementLines, eq(statementLines.id, statementUploadLines.lineId))
    .leftJoin(payments, eq(payments.id, statementLines.paymentId))
    .leftJoin(loans, eq(loans.id, payments.loanId))
    .where(eq(statementUploadLines.uploadId, uploadId))
    .orderBy(asc(statementUploadLines.rowNumber));
  const lines: StatementLine[] = rows.map(({ line, row, loanNum }) => ({
    id: line.id,
    row,
    date: line.lineDate,
    concept: line.concept,
    reference: line.reference,
    amount: centsToPesos(line.amountCents),
    direction: line.direction,
    // A line made in this upload's transaction has its created_on (the transaction's start).
    state: line.paymentId ? 'RECONCILED' : line.createdOn < upload.createdOn ? 'ALREADY_LOADED' : 'NEW',
    reconciledLoanNum: loanNum ?? null,
  }));
  const cents = new Map(rows.map(({ line }) => [line.id, line.amountCents]));
  const open = lines.filter((line) => line.state !== 'RECONCILED');
  const credits = open.filter((line) => line.direction === 'CREDIT');
  const pending = await paymentsToReconcile(db, timeZone);
  const windowDays = upload.window ?? DEFAULT_MATCH_WINDOW_DAYS;
  const matches = matchStatement(
    credits.map((line) => ({
      id: line.id,
      position: line.row,
      date: line.date,
      amountCents: cents.get(line.id) ?? 0,
      text: `${line.concept} ${line.reference}`,
    })),
    pending.map(({ reply, amountCents }) => ({
      id: reply.id,
      loanNum: reply.loan.num,
      date: reply.date,
      amountCents,
    })),
    windowDays,
  );
  const lineById = new Map(lines.map((line) => [line.id, line]));
  const paymentById = new Map(pending.map(({ reply }) => [reply.id, reply]));
  const matchedLines = new Set(matches.map((m) => m.lineId));
  const matchedPayments = new Set(matches.map((m) => m.paymentId));
  return {
    id: upload.id,
    bankAccount: { id: upload.accountId, name: upload.accountName },
    fileName: upload.fileName,
    uploadedOn: upload.createdOn.toISOString(),
    lineCount: upload.lineCount,
    newLines: upload.newLines,
    alreadyLoaded: upload.lineCount - upload.newLines,
    matchWindowDays: windowDays,
    matches: matches.flatMap((m) => {
      const line = lineById.get(m.lineId);
      const payment = paymentById.get(m.paymentId);
      return line && payment ? [{ line, payment, confidence: m.confidence }] : [];
    }),
    unmatchedCredits: credits.filter((line) => !matchedLines.has(line.id)),
    debits: open.filter((line) => line.direction === 'DEBIT'),
    reconciled: lines.filter((line) => line.state === 'RECONCILED'),
    unmatchedPayments: pending.map(({ reply }) => reply).filter((p) => !matchedPayments.has(p.id)),
  };
}
