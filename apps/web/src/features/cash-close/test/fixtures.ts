import type { CashClose, CashClosePayment } from '@prestaya/contracts';
import { AGENT_ID, CUSTOMER_ID } from '../../../test/fixtures.ts';

export {
  ACCOUNT_ID,
  AGENT_ID,
  adminLogin,
  agentLogin,
  bbvaAccount,
  cashAccount,
} from '../../../test/fixtures.ts';

export const DATE = '2026-03-09';
export const LOAN_ID = '0190a0c0-0000-7000-8000-0000000001a3';

/** Local times of 9 Mar 2026 (the screen shows the browser's clock). */
const at = (hour: number, minute: number) => new Date(2026, 2, 9, hour, minute).toISOString();

function payment(id: string, overrides: Partial<CashClosePayment>): CashClosePayment {
  return {
    id: `0190a0c0-0000-7000-8000-0000000000${id}`,
    createdOn: at(9, 5),
    amount: 1_000,
    status: 'VALIDATING',
    paymentMethod: 'CASH',
    loan: { id: LOAN_ID, num: 1002 },
    customer: { id: CUSTOMER_ID, name: 'José', lastName: 'Gómez' },
    ...overrides,
  };
}

/** Luis Pérez's 9 March: two cash payments to confirm, a transfer, a rejection and one confirmed. */
export const payments = {
  cash: payment('d1', { amount: 2_000 }),
  transfer: payment('d2', {
    createdOn: at(10, 40),
    paymentMethod: 'TRANSFER',
    loan: { id: LOAN_ID, num: 1003 },
    customer: { id: CUSTOMER_ID, name: 'María', lastName: 'López' },
  }),
  rejected: payment('d3', { createdOn: at(12, 15), status: 'REJECTED', loan: { id: LOAN_ID, num: 1004 } }),
  cashAgain: payment('d4', {
    createdOn: at(16, 30),
    loan: { id: LOAN_ID, num: 1005 },
    customer: { id: CUSTOMER_ID, name: 'Pedro', lastName: 'Ramírez' },
  }),
  confirmed: payment('d5', { createdOn: at(17, 45), status: 'PAID', amount: 1_500.5 }),
};

/** `payments` as the screen reads them, by time: hora, préstamo, cliente, monto, método, estatus. */
export const DAY_ROWS = [
  ['09:05 am', 'No. 1002', 'José Gómez', '$2,000.00', 'Efectivo', 'Validando'],
  ['10:40 am', 'No. 1003', 'María López', '$1,000.00', 'Transferencia', 'Validando'],
  ['12:15 pm', 'No. 1004', 'José Gómez', '$1,000.00', 'Efectivo', 'Rechazado'],
  ['04:30 pm', 'No. 1005', 'Pedro Ramírez', '$1,000.00', 'Efectivo', 'Validando'],
  ['05:45 pm', 'No. 1002', 'José Gómez', '$1,500.50', 'Efectivo', 'Confirmado'],
] as const;

export function dayOf(overrides: Partial<CashClose> = {}): CashClose {
  return {
    date: DATE,
    agent: { id: AGENT_ID, num: 1002, name: 'Luis', lastName: 'Pérez' },
    payments: Object.values(payments),
    totals: { cash: 4_500.5, cashPending: 3_000, cashConfirmed: 1_500.5, transfer: 1_000, count: 5 },
    closure: null,
    ...overrides,
  };
}

export const emptyDay = dayOf({
  payments: [],
  totals: { cash: 0, cashPending: 0, cashConfirmed: 0, transfer: 0, count: 0 },
});

export const ok = <T>(data: T) => ({ status: 'OK' as const, data });
