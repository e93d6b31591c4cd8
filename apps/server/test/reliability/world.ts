import type { BankAccount, Loan, PaymentListItem } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { DEFAULT_PRODUCT_ID } from '../../src/db/schema/loan-products.ts';
import {
  bankAccountsApi,
  type CustomerData,
  customerDocumentsApi,
  customersApi,
  loansApi,
  paymentsApi,
} from '../support/api.ts';
import {
  createAdmin,
  createUserAndLogin,
  request,
  type TestContext,
  type TestUser,
  testConfig,
} from '../support/app.ts';
import { documentParts, filePart, fixture, jsonPart, newCustomer, tempDataDir } from '../support/builders.ts';
import { addDays as plusDays, businessToday as today } from '../support/clock.ts';
import { createTestDatabase, rowsOf } from '../support/database.ts';
import { accrue, activeLoan } from '../support/worlds.ts';

/**
 * The reliability files (permissions, fuzz) seed ONE world per file and never reset it between tests,
 * unlike useTestApp: every request of the matrix and of the fuzzer runs against the same customers,
 * loans, payments and accounts. Operations that consume their target (approve, deliver, delete an
 * address, decide a payment…) take a fresh one from the `fresh` helpers instead.
 */
export interface SeededContext<W> extends TestContext {
  world: W;
  dataDir: string;
}

export function useSeededApp<W>(
  seed: (context: TestContext & { dataDir: string }) => Promise<W>,
  overrides: Partial<AppConfig> = {},
): SeededContext<W> {
  const context = {} as SeededContext<W>;
  const dataDir = tempDataDir();
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    context.database = created.database;
    context.dataDir = dataDir.dir;
    await migrateDatabase(created.database);
    context.app = await buildApp({
      config: testConfig({ dataDir: dataDir.dir, ...overrides }),
      database: created.database,
      logger: false,
    });
    await context.app.ready();
    context.world = await seed(context);
  }, 120_000);
  afterAll(async () => {
    await context.app?.close();
    await drop();
    dataDir.remove();
  });
  return context;
}

export interface World {
  admin: TestUser;
  /** The agent every seeded customer, loan and payment belongs to. */
  agent: TestUser;
  /** An agent who owns none of them. */
  other: TestUser;
  /** A user for the admin to read and rewrite (PUT /users/:id with its own data). */
  spare: TestUser;
  customer: CustomerData;
  addressId: string;
  account: BankAccount;
  transactionId: string;
  /** PENDING loan of a customer of `agent`. */
  pendingLoan: Loan;
  /** Delivered today: 12 installments, nothing overdue. Payments are registered on it. */
  activeLoan: Loan;
  activeCustomer: CustomerData;
  /** Delivered with a request date 20 days ago and accrued: it has PENDING fees. */
  lateLoan: Loan;
  /** A VALIDATING TRANSFER payment on activeLoan with a proof image. */
  payment: PaymentListItem;
  attachmentId: string;
  /** Signed link to the proof (valid 10 minutes). */
  attachmentUri: string;
  /** A PDF document of `customer`, uploaded by `agent`, and its signed link (valid 10 minutes). */
  documentId: string;
  documentUri: string;
}

export async function seedWorld(context: TestContext): Promise<World> {
  const admin = await createAdmin(context, { name: 'Alma', lastName: 'Admin' });
  const agent = await createUserAndLogin(context, { name: 'Ana', lastName: 'Agente' });
  const other = await createUserAndLogin(context, { name: 'Otto', lastName: 'Otro' });
  const spare = await createUserAndLogin(context, { name: 'Sara', lastName: 'Suplente' });
  const customers = customersApi(context);
  const customer = await customers.createOk(agent.token, { name: 'Lucía', lastName: 'Núñez' });
  const address = await customers.addAddressOk(agent.token, customer.id);
  const account = await bankAccountsApi(context.app).createOk(admin.token, {
    name: 'Fondeo',
    balance: 1_000_000,
  });
  const transactions = await bankAccountsApi(context.app).transactionsOk(admin.token, account.id);
  const transactionId = transactions.data[0]?.id ?? '';

  const loans = loansApi(context);
  const pendingLoan = await loans.createOk(agent.token, customer.id, { amount: 3_000 });

  const activeCustomer = await customers.createOk(agent.token, { name: 'Mario', lastName: 'Activo' });
  const active = await activeLoan(context, admin, activeCustomer.id, { accountId: account.id });

  const lateCustomer = await customers.createOk(agent.token, { name: 'Rosa', lastName: 'Tarde' });
  const late = await activeLoan(context, admin, lateCustomer.id, { requestDate: plusDays(today(), -20) });
  await accrue(context, today());

  const payments = paymentsApi(context);
  const payment = await payments.registerOk(agent.token, active.loan.id, [
    jsonPart({ scheduledPaymentIds: [active.schedule[0]?.id ?? ''], paymentMethod: 'TRANSFER' }),
    filePart(fixture('proof.png')),
  ]);
  const [attachment] = (await payments.detailsOk(admin.token, payment.id)).attachments;
  if (!attachment) throw new Error('seed: the payment has no attachment');
  const document = await customerDocumentsApi(context).uploadOk(
    agent.token,
    customer.id,
    documentParts(fixture('document.pdf'), { type: 'PROOF_OF_ADDRESS', filename: 'recibo.pdf' }),
  );

  return {
    admin,
    agent,
    other,
    spare,
    customer,
    addressId: address.id,
    account,
    transactionId,
    pendingLoan,
    activeLoan: active.loan,
    activeCustomer,
    lateLoan: late.loan,
    payment,
    attachmentId: attachment.id,
    attachmentUri: attachment.uri,
    documentId: document.id,
    documentUri: document.uri,
  };
}

/** Targets that an operation consumes, created on demand for the world's agent. */
export function freshTargets(context: TestContext, world: World) {
  const customers = customersApi(context);
  const loans = loansApi(context);
  const payments = paymentsApi(context);
  return {
    async address(): Promise<string> {
      return (await customers.addAddressOk(world.admin.token, world.customer.id)).id;
    },
    async customer(): Promise<CustomerData> {
      return customers.createOk(world.admin.token, { agentId: world.agent.id });
    },
    async pendingLoan(): Promise<Loan> {
      // The product named: the loan-products rows add active products to the shared world.
      return loans.createOk(world.admin.token, (await this.customer()).id, {
        amount: 2_000,
        productId: DEFAULT_PRODUCT_ID,
      });
    },
    async approvedLoan(): Promise<Loan> {
      const loan = await this.pendingLoan();
      return loans.approveOk(world.admin.token, loan.id, world.account.id);
    },
    /** A delivered loan of a new customer of the world's agent (one a restructuring consumes). */
    async deliveredLoan(): Promise<Loan> {
      const loan = await this.approvedLoan();
      return loans.activateOk(world.admin.token, loan.id);
    },
    /** The oldest payable installment of the active loan, as the registration rule requires. */
    async nextInstallment(): Promise<string> {
      const pending = await payments.pendingOk(world.admin.token, world.activeLoan.id);
      const id = pending.scheduledPayments[0]?.id;
      if (!id) throw new Error('the active loan has nothing left to pay');
      return id;
    },
    async validatingPayment(): Promise<PaymentListItem> {
      return payments.registerOk(world.agent.token, world.activeLoan.id, [
        jsonPart({ scheduledPaymentIds: [await this.nextInstallment()], paymentMethod: 'CASH' }),
      ]);
    },
    /** A document of the world's customer, for a delete to consume. */
    async document(): Promise<string> {
      const parts = documentParts(fixture('proof.png'));
      return (await customerDocumentsApi(context).uploadOk(world.admin.token, world.customer.id, parts)).id;
    },
    async pendingFee(): Promise<string> {
      const fees = await payments.feesOk(world.admin.token, world.lateLoan.id);
      const fee = fees.find((f) => f.status === 'PENDING');
      if (!fee) throw new Error('the late loan has no pending fee left');
      return fee.id;
    },
  };
}

/** A valid new customer body (unique CURP), for POST /customers. */
export const customerBody = (overrides: Record<string, unknown> = {}) => newCustomer(overrides);

/** Bytes of proof image fixtures. */
export { fixture };

export async function scalar<T>(context: TestContext, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<{ value: T }>(await context.database.db.execute(query));
  expect(row).toBeDefined();
  return (row as { value: T }).value;
}

export { request, sql };
