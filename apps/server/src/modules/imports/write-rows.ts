import { customerSearchText, zonedInstant } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppTx } from '../../db/client.ts';
import type { ParsedRow } from './row-check.ts';

/**
 * Writes one batch of checked rows, set-based: each table gets ONE statement per batch whose rows
 * travel as one JSON parameter (jsonb_to_recordset), so a batch binds one value however many rows it
 * has. The triggers on these tables keep what they keep for every writer: the customer's folded name
 * and current loan, the loan status tally, the report tallies.
 *
 * A loan is a loan from the past (docs/architecture.md "Loan lifecycle"): no account, no Reserva or
 * Entrega, approved and delivered on its delivery date (noon in the business zone), its schedule,
 * paid parts and pending fines from domain importedLoan, its status and balances from the same rule
 * the recomputation uses. What was paid before the import has no payment row: book_import_rows keeps
 * it (installments_paid, partial_cents).
 */
export const IMPORT_BATCH = 500;

export interface BatchCounts {
  customers: number;
  loans: number;
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

export async function writeBatch(
  tx: AppTx,
  rows: readonly ParsedRow[],
  options: { importId: string; actorId: string; timeZone: string },
): Promise<BatchCounts> {
  const customers: unknown[] = [];
  const addresses: unknown[] = [];
  const loans: unknown[] = [];
  const installments: unknown[] = [];
  const fees: unknown[] = [];
  const marks: unknown[] = [];
  for (const row of rows) {
    const customerId = uuidv7();
    customers.push({
      id: customerId,
      name: row.customer.name,
      last_name: row.customer.lastName,
      second_last_name: row.customer.secondLastName,
      phone: row.customer.phone,
      curp: row.customer.curp,
      agent_id: row.agentId,
      search_text: customerSearchText(row.customer),
    });
    addresses.push({
      id: uuidv7(),
      customer_id: customerId,
      street: row.address.street,
      num_exterior: row.address.numExterior,
      num_interior: row.address.numInterior,
      neighborhood: row.address.neighborhood,
      city: row.address.city,
      state: row.address.state,
      postal_code: row.address.postalCode,
    });
    let loanId: string | null = null;
    if (row.loan) {
      const { terms, plan, product, deliveryDate } = row.loan;
      loanId = uuidv7();
      const delivered = zonedInstant(deliveryDate, 12, 0, options.timeZone).toISOString();
      loans.push({
        id: loanId,
        customer_id: customerId,
        amount_cents: terms.amountCents,
        term_weeks: terms.termWeeks,
        daily_fee_cents: terms.dailyFeeCents,
        weekly_fee_cents: terms.weeklyFeeCents,
        interest_bp: terms.interestBp,
        total_cents: terms.totalCents,
        product_id: product.id,
        late_fee_cap_bp: terms.lateFeeCapBp,
        renewal_threshold: terms.renewalThreshold,
        payoff_discount_bp: terms.payoffDiscountBp,
        status: plan.standing.status,
        request_date: deliveryDate,
        delivered_on: delivered,
        real_cents: plan.standing.currentRealAmountCents,
        balance_cents: plan.standing.currentBalanceCents,
      });
      const idOf = new Map<number, string>();
      for (const item of plan.installments) {
        const id = uuidv7();
        idOf.set(item.paymentNumber, id);
        installments.push({
          id,
          loan_id: loanId,
          payment_number: item.paymentNumber,
          due_date: item.dueDate,
          amount_cents: item.amountCents,
          status: item.status,
          concept: item.concept,
          paid_on:
            item.status === 'PAID' ? zonedInstant(item.dueDate, 12, 0, options.timeZone).toISOString() : null,
          paid_cents: item.paidCents,
        });
      }
      for (const fee of plan.fees) {
        fees.push({
          id: uuidv7(),
          loan_id: loanId,
          scheduled_payment_id: idOf.get(fee.paymentNumber),
          fee_date: fee.feeDate,
          concept: fee.concept,
          amount_cents: fee.amountCents,
        });
      }
    }
    marks.push({
      external_id: row.externalId,
      row: row.row,
      customer_id: customerId,
      loan_id: loanId,
      installments_paid: row.loan?.installmentsPaid ?? 0,
      partial_cents: row.loan?.partialCents ?? 0,
    });
  }

  await tx.execute(sql`
    insert into customers (id, name, last_name, second_last_name, phone, curp, status, agent_id, search_text)
    select id, name, last_name, second_last_name, phone, curp, 'PENDING', agent_id, search_text
      from jsonb_to_recordset(${json(customers)}) as r(id uuid, name text, last_name text, second_last_name text,
           phone text, curp text, agent_id uuid, search_text text)`);
  await tx.execute(sql`
    insert into addresses (id, customer_id, street, num_exterior, num_interior, neighborhood, city, state, postal_code)
    select * from jsonb_to_recordset(${json(addresses)}) as r(id uuid, customer_id uuid, street text,
           num_exterior text, num_interior text, neighborhood text, city text, state text, postal_code text)`);
  if (loans.length > 0) {
    await tx.execute(sql`
      insert into loans (id, customer_id, amount_cents, term_weeks, daily_fee_cents, weekly_fee_cents, interest_bp,
                         total_cents, product_id, late_fee_cap_bp, renewal_threshold, payoff_discount_bp, status,
                         loan_from_past, request_date, approved_on, activated_on, current_real_amount_cents,
                         current_balance_cents, created_by)
      select id, customer_id, amount_cents, term_weeks, daily_fee_cents, weekly_fee_cents, interest_bp, total_cents,
             product_id, late_fee_cap_bp, renewal_threshold, payoff_discount_bp, status, true, request_date,
             delivered_on, delivered_on, real_cents, balance_cents, ${options.actorId}::uuid
        from jsonb_to_recordset(${json(loans)}) as r(id uuid, customer_id uuid, amount_cents bigint,
             term_weeks int, daily_fee_cents bigint, weekly_fee_cents bigint, interest_bp int, total_cents bigint,
             product_id uuid, late_fee_cap_bp int, renewal_threshold int, payoff_discount_bp int, status text,
             request_date date, delivered_on timestamptz, real_cents bigint, balance_cents bigint)`);
    await tx.execute(sql`
      insert into scheduled_payments (id, loan_id, payment_number, due_date, amount_cents, status, concept, paid_on,
                                      paid_cents)
      select * from jsonb_to_recordset(${json(installments)}) as r(id uuid, loan_id uuid, payment_number int,
             due_date date, amount_cents bigint, status text, concept text, paid_on timestamptz, paid_cents bigint)`);
  }
  if (fees.length > 0) {
    await tx.execute(sql`
      insert into fees (id, loan_id, scheduled_payment_id, fee_date, concept, amount_cents, status)
      select id, loan_id, scheduled_payment_id, fee_date, concept, amount_cents, 'PENDING'
        from jsonb_to_recordset(${json(fees)}) as r(id uuid, loan_id uuid, scheduled_payment_id uuid, fee_date date,
             concept text, amount_cents bigint)`);
  }
  await tx.execute(sql`
    insert into book_import_rows (external_id, import_id, row, customer_id, loan_id, installments_paid, partial_cents)
    select external_id, ${options.importId}::uuid, row, customer_id, loan_id, installments_paid, partial_cents
      from jsonb_to_recordset(${json(marks)}) as r(external_id text, row int, customer_id uuid, loan_id uuid,
           installments_paid int, partial_cents bigint)`);
  return { customers: customers.length, loans: loans.length };
}
