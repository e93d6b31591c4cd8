import type { CashClose, CashClosePayment, CashCountHistory, CashCountOfDay } from '@prestaya/contracts';
import { ACCOUNT_ID, AGENT_ID, CUSTOMER_ID } from '../../../test/fixtures.ts';

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
  // Collected when registered unless a test says otherwise.
  const createdOn = overrides.createdOn ?? at(9, 5);
  return {
    id: `0190a0c0-0000-7000-8000-0000000000${id}`,
    createdOn,
    collectedAt: createdOn,
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

export const ADMIN_ID = '0190a0c0-0000-7000-8000-0000000000aa';

/** Luis Pérez's 9 March closed: $4,500.50 expected, $4,451 counted, a $49.50 Faltante. */
export function closureOf(overrides: Partial<CashCountOfDay> = {}): CashCountOfDay {
  return {
    id: '0190a0c0-0000-7000-8000-0000000000c1',
    date: DATE,
    agent: { id: AGENT_ID, num: 1002, name: 'Luis', lastName: 'Pérez' },
    expected: 4_500.5,
    counted: 4_451,
    difference: -49.5,
    kind: 'FALTANTE',
    denominations: null,
    note: 'Faltó un billete de 50',
    bankAccount: { id: ACCOUNT_ID, name: 'Caja Principal' },
    confirmed: 2,
    closedBy: { id: ADMIN_ID, num: 1001, name: 'Admin', lastName: 'Principal' },
    closedOn: at(19, 0),
    lateArrivals: { count: 0, total: 0 },
    ...overrides,
  };
}

/** Three closes of Luis Pérez, newest first: −$49.50, $0, +$100 (running −$49.50+0+100 = $50.50). */
export function historyOf(overrides: Partial<CashCountHistory> = {}): CashCountHistory {
  const { agent, lateArrivals: _late, ...close } = closureOf();
  const rows = [
    { ...close, runningDifference: 50.5 },
    {
      ...close,
      id: '0190a0c0-0000-7000-8000-0000000000c2',
      date: '2026-03-07',
      expected: 1_000,
      counted: 1_000,
      difference: 0,
      kind: null,
      note: null,
      runningDifference: 100,
    },
    {
      ...close,
      id: '0190a0c0-0000-7000-8000-0000000000c3',
      date: '2026-03-06',
      expected: 0,
      counted: 100,
      difference: 100,
      kind: 'SOBRANTE' as const,
      note: 'Efectivo sin pago registrado',
      runningDifference: 100,
    },
  ];
  return {
    data: rows,
    page: 1,
    size: 10,
    totalDocuments: 3,
    totalPages: 1,
    totalCapped: false,
    agent,
    totalDifference: 50.5,
    ...overrides,
  };
}
