/** The cases of the API benchmark: the requests autocannon cycles through, and the SQL behind each. */
import { randomUUID } from 'node:crypto';
import type { PagedQuery } from '@prestaya/contracts';
import { addDays, businessDate, LOAN_STATUSES } from '@prestaya/domain';
import {
  type AppDb,
  countHit,
  listCustomers,
  listLoans,
  listPayments,
  loadSessionUser,
  lookupLoan,
  pendingPayments,
} from '@prestaya/server/bench';
import { BUSINESS_TIME_ZONE } from '../lib/business-time.ts';
import type { LoadCase } from './load.ts';
import type { Samples } from './samples.ts';

/** What staff type in the customer search: surnames and first names, with and without accents. */
const NAME_FRAGMENTS = [
  'hernández',
  'garcia',
  'lópez gonzález',
  'maria guadalupe',
  'rocio',
  'quiñones',
  'nuñez',
  'martin',
  'cruz flores',
  'gomez',
];

/** A first page with `extra`; a status filter is typed by each list's own query. */
const pageOf = (extra: Partial<Omit<PagedQuery, 'q'>>): Omit<PagedQuery, 'q'> => ({
  page: 1,
  size: 10,
  order: 'asc',
  ...extra,
});
/** The orders of the 'Clientes' headers: customer columns, then the current loan's status and balance. */
const CUSTOMER_ORDERS = ['num', 'name', 'status', 'balance'].flatMap((orderBy) =>
  ['asc', 'desc'].map((order) => `orderBy=${orderBy}&order=${order}`),
);
/** A distinct client address per request (10.x.y.z), so no client reaches the 30/min public limit. */
const clientAddress = (i: number) => `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;

export interface BenchCase {
  load: LoadCase;
  /** The service calls behind one request, for EXPLAIN. */
  sql?: (db: AppDb, s: Samples) => Promise<unknown>;
  /** Held to the search/lookup targets. */
  targeted: boolean;
}
export function cases(s: Samples, token: string): BenchCase[] {
  const auth = { authorization: `Bearer ${token}` };
  const actor = { id: s.adminId, roles: ['ROLE_ADMIN' as const] };
  const first = s.lookups[0];
  if (!first) throw new Error('no ACTIVE or DELAYED loan to look up');
  return [
    {
      targeted: true,
      load: {
        name: 'customer search, name',
        headers: auth,
        paths: NAME_FRAGMENTS.map((q) => `/api/v1/customers?page=1&size=10&query=${encodeURIComponent(q)}`),
      },
      sql: async (db) => {
        await loadSessionUser(db, {
          userId: s.adminId,
          tokenVersion: 0,
          signedInAt: Math.floor(Date.now() / 1000),
          sessionId: randomUUID(),
        });
        for (const query of ['hernández', 'quiñones', 'maria guadalupe'])
          await listCustomers(db, actor, pageOf({ query }));
      },
    },
    {
      targeted: true,
      load: {
        name: 'customer search, phone',
        headers: auth,
        paths: s.phones.map((phone) => `/api/v1/customers?page=1&size=10&query=${phone}`),
      },
      sql: (db) => listCustomers(db, actor, pageOf({ query: s.phones[0] })),
    },
    {
      targeted: false,
      load: {
        name: 'loans by status',
        headers: auth,
        paths: LOAN_STATUSES.map((q) => `/api/v1/loans?page=1&size=10&q=${q}`),
      },
      sql: async (db) => {
        for (const q of ['DELAYED', 'PAID'] as const) {
          await listLoans(db, actor, { ...pageOf({}), q });
        }
      },
    },
    {
      targeted: true,
      load: {
        name: 'public lookup num+phone',
        paths: s.lookups.map((l) => `/public/api/v1/loans/search?num=${l.num}&phone=${l.phone}`),
        headersFor: (i) => ({ 'x-forwarded-for': clientAddress(i) }),
      },
      sql: async (db) => {
        await countHit(db, `public-lookup:${clientAddress(1)}`, 60_000);
        // The proof's HMAC is not SQL: a constant stands for it here.
        await lookupLoan(db, { num: first.num, phone: first.phone }, () => 'proof');
      },
    },
    {
      targeted: false,
      load: {
        name: 'customers sorted (num, name, status, balance)',
        headers: auth,
        paths: CUSTOMER_ORDERS.map((order) => `/api/v1/customers?page=1&size=25&${order}`),
      },
      sql: async (db) => {
        for (const orderBy of ['name', 'balance'])
          await listCustomers(db, actor, pageOf({ orderBy, size: 25 }));
      },
    },
    {
      targeted: false,
      load: {
        name: 'payments by date (7 and 30 days)',
        headers: auth,
        paths: [7, 30].map((days) => {
          const today = businessDate(new Date(), BUSINESS_TIME_ZONE);
          return `/api/v1/payments?page=1&size=25&from=${addDays(today, 1 - days)}&to=${today}`;
        }),
      },
      sql: (db) => {
        const today = businessDate(new Date(), BUSINESS_TIME_ZONE);
        return listPayments(
          db,
          { ...pageOf({ size: 25 }), from: addDays(today, -29), to: today },
          BUSINESS_TIME_ZONE,
        );
      },
    },
    {
      targeted: false,
      load: {
        name: 'pending payments of a loan',
        headers: auth,
        paths: s.lookups.map((l) => `/api/v1/loans/${l.id}/pending-payments`),
      },
      sql: (db) => pendingPayments(db, actor, first.id),
    },
  ];
}
