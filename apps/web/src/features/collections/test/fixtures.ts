import type {
  CollectionCard,
  CollectionsPage,
  CollectionsSummary,
  Fee,
  ScheduledPayment,
} from '@prestaya/contracts';
import { ADMIN_ID, AGENT_ID, adminLogin, agentLogin } from '../../../test/fixtures.ts';
import { json } from '../../../test/utils.tsx';

export { ADMIN_ID, AGENT_ID, adminLogin, agentLogin };

const id = (prefix: string, n: number) => `0190a0c0-0000-7000-8000-${prefix}${String(n).padStart(4, '0')}`;

/** Installment `n` of 12 ($1,000.00 unless said), due `dueDate`. */
export function installment(n: number, dueDate: string, amount = 1_000): ScheduledPayment {
  return {
    id: id('00000003', n),
    paymentNumber: n,
    dueDate,
    amount,
    status: 'PENDING',
    concept: `Pago ${n} de 12`,
  };
}

export function fine(n: number, amount = 50): Fee {
  return {
    id: id('00000004', n),
    feeDate: `2026-03-${String(10 + n).padStart(2, '0')}`,
    concept: `Multa por atraso · Pago 2 (${n})`,
    amount,
    status: 'PENDING',
    scheduledPaymentId: id('00000003', 2),
    cancelReason: null,
  };
}

/**
 * Card `n`: loan 1000+n of customer 'Cliente n' (phone 55 1234 567n) in Colonia Centro, due today
 * installment 3 unless `overrides` say otherwise.
 */
export function card(n: number, overrides: Partial<CollectionCard> = {}): CollectionCard {
  const scheduledPayments = overrides.due?.scheduledPayments ?? [installment(3, '2026-03-18')];
  const fees = overrides.due?.fees ?? [];
  const total =
    [...scheduledPayments, ...fees].reduce((sum, item) => sum + Math.round(item.amount * 100), 0) / 100;
  return {
    loan: {
      id: id('000001a0', n),
      num: 1000 + n,
      status: 'ACTIVE',
      currentBalance: 10_000,
      restructureCount: 0,
    },
    customer: {
      id: id('000000c0', n),
      num: n,
      name: `Cliente${n}`,
      lastName: 'Ruiz',
      secondLastName: 'Soto',
      phone: `551234567${n % 10}`,
    },
    address: {
      street: 'Av. Juárez',
      numExterior: String(100 + n),
      numInterior: null,
      neighborhood: 'Centro',
      city: 'Cuauhtémoc',
      state: 'Ciudad de México',
      postalCode: '06000',
    },
    agent: { id: AGENT_ID, num: 1002, name: 'Luis', lastName: 'Pérez' },
    oldestDueDate: scheduledPayments[0]?.dueDate ?? null,
    daysLate: 0,
    collectedToday: 0,
    lastVisit: null,
    promise: null,
    ...overrides,
    due: { scheduledPayments, fees, total },
  };
}

export const summary = (overrides: Partial<CollectionsSummary> = {}): CollectionsSummary => ({
  toCollectToday: 3_150,
  collectedToday: 500,
  counts: { today: 2, week: 5, overdue: 1 },
  ...overrides,
});

export function pageOf(
  cards: CollectionCard[],
  { page = 1, totalPages = 1, totalDocuments = cards.length, ...rest }: Partial<CollectionsPage> = {},
): CollectionsPage {
  return { data: cards, page, size: 20, totalDocuments, totalPages, summary: summary(), ...rest };
}

/** The reply of GET /api/v1/collections (a page, not an envelope). */
export const collectionsReply = (page: CollectionsPage) => json(200, page);
