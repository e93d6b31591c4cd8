import { centsToPesos, formatCat, type LoanContract } from '@prestaya/contracts';
import {
  buildSchedule,
  businessDate,
  fillContractTemplate,
  installmentAmountsCents,
  loanCatPercent,
} from '@prestaya/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { addresses, customers } from '../../db/schema/customers.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { findVisibleLoan } from '../loans/access.ts';
import { readBusinessSettings } from '../settings/business-settings.ts';
import { readContractSettings } from './settings.ts';
import { findSignedContract } from './signed-contract.ts';
import { listContractTemplates } from './templates.ts';
import { contractValues } from './values.ts';

const BASIS_POINTS = 10_000;

/** The customer's full name and first address, as the documents print them. */
async function customerParty(db: AppDb, customerId: string) {
  const [row] = await db
    .select({
      name: customers.name,
      lastName: customers.lastName,
      secondLastName: customers.secondLastName,
      phone: customers.phone,
      street: addresses.street,
      numExterior: addresses.numExterior,
      numInterior: addresses.numInterior,
      neighborhood: addresses.neighborhood,
      city: addresses.city,
      state: addresses.state,
      postalCode: addresses.postalCode,
    })
    .from(customers)
    .leftJoin(addresses, eq(addresses.customerId, customers.id))
    .where(eq(customers.id, customerId))
    .orderBy(asc(addresses.createdOn))
    .limit(1);
  if (!row) throw new Error('loan without customer');
  const street = row.street
    ? `${row.street} ${row.numExterior}${row.numInterior ? ` int. ${row.numInterior}` : ''}`
    : null;
  return {
    id: customerId,
    fullName: [row.name, row.lastName, row.secondLastName].filter(Boolean).join(' '),
    phone: row.phone,
    address: street
      ? `${street}, ${row.neighborhood}, ${row.city}, ${row.state}, C.P. ${row.postalCode}`
      : null,
  };
}

/**
 * GET /loans/{id}/contract: the cover page's figures from the loan's own copy of its terms, the
 * business's data, the installments (as scheduled, or as a delivery today would date them) and both
 * texts filled. Whoever sees the loan sees this (the statement's access).
 */
export async function loanContract(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  today: string,
  timeZone: string,
): Promise<LoanContract> {
  const { loan, productName } = await findVisibleLoan(db, actor, id);
  const rows = await db
    .select({
      paymentNumber: scheduledPayments.paymentNumber,
      dueDate: scheduledPayments.dueDate,
      amountCents: scheduledPayments.amountCents,
    })
    .from(scheduledPayments)
    .where(and(eq(scheduledPayments.loanId, id), ne(scheduledPayments.status, 'RESTRUCTURED')))
    .orderBy(asc(scheduledPayments.paymentNumber));
  const scheduleProjected = rows.length === 0;
  const schedule = scheduleProjected
    ? buildSchedule(loan.totalCents, loan.loanFromPast ? loan.requestDate : today, loan.termWeeks)
    : rows;
  const [customer, business, settings, templates, signed] = await Promise.all([
    customerParty(db, loan.customerId),
    readBusinessSettings(db),
    readContractSettings(db),
    listContractTemplates(db),
    findSignedContract(db, id),
  ]);
  const cat = loanCatPercent(loan);
  const figures = {
    loan: {
      id: loan.id,
      num: loan.num,
      status: loan.status,
      productName: productName ?? null,
      amount: centsToPesos(loan.amountCents),
      totalToRepay: centsToPesos(loan.totalCents),
      interestRate: loan.interestBp / BASIS_POINTS,
      term: loan.termWeeks,
      installmentAmount: centsToPesos(installmentAmountsCents(loan.totalCents, loan.termWeeks)[0] ?? 0),
      dailyFee: centsToPesos(loan.dailyFeeCents),
      lateFeeCap: centsToPesos(loan.weeklyFeeCents),
      lateFeeCapRate: loan.lateFeeCapBp / BASIS_POINTS,
      payoffDiscountRate: loan.payoffDiscountBp / BASIS_POINTS,
      requestDate: loan.requestDate,
      activatedOn: loan.activatedOn ? businessDate(loan.activatedOn, timeZone) : null,
      cat,
    },
    customer,
    business: {
      name: business.name,
      legalName: business.legalName ?? null,
      address: business.address,
      recaNumber: business.recaNumber ?? null,
      complaintsContact: business.complaintsContact,
      phone: business.phone,
    },
    schedule: schedule.map((row) => ({
      paymentNumber: row.paymentNumber,
      dueDate: row.dueDate,
      amount: centsToPesos(row.amountCents),
    })),
    scheduleProjected,
    issuedOn: today,
  };
  const values = contractValues(figures, formatCat(cat));
  const textOf = (kind: 'CONTRACT' | 'PROMISSORY_NOTE') =>
    fillContractTemplate(templates.find((t) => t.kind === kind)?.body ?? '', values);
  return {
    ...figures,
    contractText: textOf('CONTRACT'),
    promissoryNoteText: textOf('PROMISSORY_NOTE'),
    signedContract: signed ? { id: signed.id, uploadedOn: signed.uploadedOn.toISOString() } : null,
    requireSignedContract: settings.requireSignedContract,
  };
}
