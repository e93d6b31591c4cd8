import type { BankAccount, PaymentListItem } from '@prestaya/contracts';
import { businessDayBounds } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { paymentsApi } from './api.ts';
import { createUserAndLogin, type TestContext, type TestUser } from './app.ts';
import { jsonPart, rejection } from './builders.ts';
import { businessToday, TEST_TIME_ZONE } from './clock.ts';
import {
  type ActiveLoan,
  activeLoan,
  confirm,
  customerOf,
  type LoanWorld,
  loanWorld,
  openAccount,
  registerOldest,
} from './worlds.ts';

/**
 * Moves a payment's registration, and its collection with it, to `instant` (a test of business-day
 * boundaries or of another day).
 */
export async function registeredAt(context: TestContext, paymentId: string, instant: Date) {
  await context.database.db.execute(
    sql`update payments set created_on = ${instant.toISOString()}::timestamptz,
                            collected_at = ${instant.toISOString()}::timestamptz
         where id = ${paymentId}`,
  );
}

/** The first instant of today's business day, minus `ms`: yesterday's last moments for ms > 0. */
export const startOfToday = (ms = 0) =>
  new Date(businessDayBounds(businessToday(), TEST_TIME_ZONE).start.getTime() - ms);

/** Registers (as `by`) a TRANSFER payment, without proof, of the loan's next unpaid installment. */
async function registerTransfer(context: TestContext, by: TestUser, loanId: string) {
  const api = paymentsApi(context);
  const pending = await api.pendingOk(by.token, loanId);
  return api.registerOk(by.token, loanId, [
    jsonPart({ scheduledPaymentIds: [pending.scheduledPayments[0]?.id ?? ''], paymentMethod: 'TRANSFER' }),
  ]);
}

export interface CashCloseWorld extends LoanWorld {
  today: string;
  /** $5,000 'Caja': where the corte is confirmed. */
  caja: BankAccount;
  /** $100,000 'Fondeo': funded the loans; took the payment confirmed one by one. */
  fondeo: BankAccount;
  /** $10,000 loans (12 × $1,000) of three customers of the agent. */
  loanA: ActiveLoan;
  loanB: ActiveLoan;
  loanC: ActiveLoan;
  /** Another agent, with a loan and a VALIDATING cash payment of their own today. */
  otherAgent: TestUser;
  /** Today's payments the agent registered, in registration order. */
  agentDay: {
    cashA: PaymentListItem;
    cashB: PaymentListItem;
    transferB: PaymentListItem;
    rejectedC: PaymentListItem;
    cashC: PaymentListItem;
    confirmedB: PaymentListItem;
  };
  /** Not in the agent's day: registered yesterday by the agent, today by the admin and the other agent. */
  outside: { yesterdayC: PaymentListItem; byAdminC: PaymentListItem; otherAgentCash: PaymentListItem };
}

/**
 * The agent's day the 'Corte de caja' tests count by hand. Registered today by the agent (Ana):
 *
 * | payment     | loan | items   | method   | status     |
 * |-------------|------|---------|----------|------------|
 * | cashA       | A    | 1, 2    | CASH     | VALIDATING | $2,000
 * | cashB       | B    | 1       | CASH     | VALIDATING | $1,000
 * | transferB   | B    | 2       | TRANSFER | VALIDATING | $1,000
 * | rejectedC   | C    | 1       | CASH     | REJECTED   | $1,000 (rejected by the admin)
 * | cashC       | C    | 1 again | CASH     | VALIDATING | $1,000
 * | confirmedB  | B    | 3       | CASH     | PAID       | $1,000 (confirmed alone, into Fondeo)
 *
 * So: cash $5,000 (pending $4,000 + confirmed $1,000), transfer $1,000, 6 payments; 'Confirmar corte'
 * confirms cashA, cashB and cashC: $4,000. Outside the day: loan C's installment 2 registered by the
 * agent yesterday (CASH, VALIDATING), loan C's installment 3 registered by the admin, and the other
 * agent's own cash payment.
 */
export async function cashCloseWorld(context: TestContext): Promise<CashCloseWorld> {
  const world = await loanWorld(context);
  const { admin, agent } = world;
  const caja = await openAccount(context, admin, 5_000, 'Caja');
  const fondeo = await openAccount(context, admin, 100_000, 'Fondeo');
  const loanOf = async (customerId: string) =>
    activeLoan(context, admin, customerId, { accountId: fondeo.id });
  const loanA = await loanOf(world.customer.id);
  const loanB = await loanOf((await customerOf(context, agent, 'Beatriz')).id);
  const loanC = await loanOf((await customerOf(context, agent, 'Carlos')).id);
  const cash = (by: TestUser, loan: ActiveLoan, n = 1) => registerOldest(context, by, loan.loan.id, n);

  const cashA = await cash(agent, loanA, 2);
  const cashB = await cash(agent, loanB);
  const transferB = await registerTransfer(context, agent, loanB.loan.id);
  const rejected = await cash(agent, loanC);
  const rejectedC = await paymentsApi(context).decideOk(admin.token, rejected.id, rejection());
  const cashC = await cash(agent, loanC);
  const confirmedB = await confirm(context, admin, (await cash(agent, loanB)).id, fondeo.id);

  const yesterdayC = await cash(agent, loanC);
  await registeredAt(context, yesterdayC.id, startOfToday(60_000));
  const byAdminC = await cash(admin, loanC);
  const otherAgent = await createUserAndLogin(context, { name: 'Otro', lastName: 'Agente' });
  const otherLoan = await loanOf((await customerOf(context, otherAgent, 'Olga')).id);
  const otherAgentCash = await cash(otherAgent, otherLoan);

  return {
    ...world,
    today: businessToday(),
    caja,
    fondeo,
    loanA,
    loanB,
    loanC,
    otherAgent,
    agentDay: { cashA, cashB, transferB, rejectedC, cashC, confirmedB },
    outside: { yesterdayC, byAdminC, otherAgentCash },
  };
}
