import type { CollectionCard, CollectionsPage } from '@prestaya/contracts';
import { beforeEach } from 'vitest';
import { customersApi } from './api.ts';
import { createAdmin, createUserAndLogin, type TestUser, useTestApp } from './app.ts';
import { addDays, businessToday, endOfWeek } from './clock.ts';
import { collectionsApi } from './field-api.ts';
import { type ActiveLoan, activeLoan } from './worlds.ts';

export interface RouteStop {
  name: string;
  lastName?: string;
  /** The customer's address (postal code, colonia); none when absent. */
  address?: { postalCode: string; neighborhood: string };
  /** The loan's request date: installment k is due requestDate + 7·k (default T−7: due today). */
  requestDate?: string;
  /** Default $1,001: installments of $100.10, a weekly fee cap of $100.10. */
  amount?: number;
  phone?: string;
}

/** The customers' names of a page, in its order. */
export const namesOf = (page: CollectionsPage | CollectionCard[]) =>
  (Array.isArray(page) ? page : page.data).map((card) => card.customer.name);

export interface CollectionsStaff {
  admin: TestUser;
  /** Agent Ana Agente. */
  ana: TestUser;
  /** Agent Beto Agente. */
  beto: TestUser;
}

/**
 * The set-up shared by the 'Cobranza' tests: called once at the top of the file, it registers the app's
 * hooks, then an administrator and two agents before each test (`staff`, filled in place: read its
 * properties in tests). Loans are laid out in business days around `T`, the day the file was collected
 * on; the week ends on `WEEK_END` (T itself on a Sunday).
 */
export function useCollectionsWorld() {
  const context = useTestApp();
  const collections = collectionsApi(context);
  const T = businessToday();
  const day = (offset: number) => addDays(T, offset);
  const staff = {} as CollectionsStaff;
  beforeEach(async () => {
    Object.assign(staff, {
      admin: await createAdmin(context),
      ana: await createUserAndLogin(context, { name: 'Ana', lastName: 'Agente' }),
      beto: await createUserAndLogin(context, { name: 'Beto', lastName: 'Agente' }),
    });
  });

  /**
   * A customer of `agent` (with an address when given) and a delivered loanFromPast of theirs. The
   * fee accrual is the caller's (support/worlds.ts accrue), once every loan is in place.
   */
  async function loanDue(admin: TestUser, agent: TestUser, stop: RouteStop): Promise<ActiveLoan> {
    const customers = customersApi(context);
    const customer = await customers.createOk(agent.token, {
      name: stop.name,
      lastName: stop.lastName ?? 'Cobranza',
      secondLastName: null,
      phone: stop.phone ?? '5511112222',
    });
    if (stop.address) await customers.addAddressOk(agent.token, customer.id, stop.address);
    return activeLoan(context, admin, customer.id, {
      amount: stop.amount ?? 1_001,
      requestDate: stop.requestDate ?? day(-7),
    });
  }

  /** A tab of `token`'s 'Cobranza', 100 cards at most, with more query string when given. */
  const tabOf = (token: string, tab: 'today' | 'week' | 'overdue', more = '') =>
    collections.listOk(token, `?tab=${tab}&size=100${more}`);

  return { context, collections, T, day, WEEK_END: endOfWeek(T), staff, loanDue, tabOf };
}
