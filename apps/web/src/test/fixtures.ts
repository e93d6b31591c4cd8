import type { AuditEntry, BankAccount, PaymentListItem, User } from '@prestaya/contracts';
import type { NewPendingPayment } from '../lib/offline-queue.ts';

/** The people, customer and accounts every feature's tests share, so the same ids mean the same thing. */
export const ADMIN_ID = '0190a0c0-0000-7000-8000-000000000001';
export const AGENT_ID = '0190a0c0-0000-7000-8000-000000000002';
export const CUSTOMER_ID = '0190a0c0-0000-7000-8000-0000000000c1';
export const ACCOUNT_ID = '0190a0c0-0000-7000-8000-0000000000b1';
export const OTHER_ACCOUNT_ID = '0190a0c0-0000-7000-8000-0000000000b2';

/** A login reply for session.start(): an administrator. */
export const adminLogin = {
  userId: ADMIN_ID,
  roles: ['ROLE_ADMIN'],
  name: 'Ana',
  lastName: 'Gómez',
  username: 'ana@example.com',
  access_token: 'token-1',
};

/** A login reply for session.start(): an agent. */
export const agentLogin = {
  userId: AGENT_ID,
  roles: ['ROLE_USER'],
  name: 'Luis',
  lastName: 'Pérez',
  username: 'luis@example.com',
  access_token: 'token-2',
};

/** 'Caja Principal' (cash); pass the balances a test needs. */
export function cashAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: ACCOUNT_ID,
    name: 'Caja Principal',
    bankName: 'Efectivo',
    cardNumber: null,
    clabe: null,
    customerName: 'PrestaYa',
    balance: 1_000,
    realBalance: 4_000,
    createdOn: '2026-01-15T18:00:00.000Z',
    ...overrides,
  };
}

/** 'BBVA Nómina' holding `balance` (both balances). */
export function bbvaAccount(balance: number): BankAccount {
  return cashAccount({
    id: OTHER_ACCOUNT_ID,
    name: 'BBVA Nómina',
    bankName: 'BBVA',
    balance,
    realBalance: balance,
  });
}

/** Luis Pérez, an active agent (a staff user row); pass what a test needs different. */
export function agentUser(overrides: Partial<User> = {}): User {
  return {
    id: '0190a0c0-0000-7000-8000-0000000000aa',
    num: 1002,
    name: 'Luis',
    lastName: 'Pérez',
    username: 'luis@example.com',
    roles: ['ROLE_USER'],
    status: 'A',
    createdOn: '2025-01-10T15:00:00.000Z',
    ...overrides,
  };
}

/** The administrator an audit row names as its author. */
export const auditAdmin = { id: 'u-1', name: 'Ana', lastName: 'Admin', username: 'ana@prestaya.mx' };

/** An audit row written by `auditAdmin`, with no before/after unless given. */
export function auditEntry(
  entry: Pick<AuditEntry, 'id' | 'at' | 'entity' | 'entityId' | 'action'> & Partial<AuditEntry>,
): AuditEntry {
  return { user: auditAdmin, before: null, after: null, ...entry };
}

/** Cash payment `n` as Cobranza keeps it on the phone: loan No. 1000+n, installment `sp-n`, $1,000.00. */
export function takenPayment(n: number, overrides: Partial<NewPendingPayment> = {}): NewPendingPayment {
  return {
    key: `key-${n}`,
    agentId: AGENT_ID,
    loanId: `loan-${n}`,
    loanNum: 1000 + n,
    customerName: `Cliente ${n}`,
    scheduledPaymentIds: [`sp-${n}`],
    feeIds: [],
    amountCents: 100_000,
    ...overrides,
  };
}

/** A payment as the server answers its registration or a decision on it; pass what a test needs. */
export function paymentReply(overrides: Partial<PaymentListItem> = {}): PaymentListItem {
  return {
    id: 'p1',
    createdOn: '2026-03-02T18:00:00.000Z',
    collectedAt: '2026-03-02T18:00:00.000Z',
    amount: 1_000,
    status: 'VALIDATING',
    paymentMethod: 'CASH',
    bankAccount: null,
    loan: { id: 'l1', num: 1, customer: { id: CUSTOMER_ID, name: 'Rosa', lastName: 'Díaz' } },
    recovery: false,
    ...overrides,
  };
}
