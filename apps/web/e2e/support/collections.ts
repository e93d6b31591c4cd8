import { expect, type Page } from '@playwright/test';
import { formatPesos } from '@prestaya/contracts/plain';
import { curpOf, uniqueWord } from './data.ts';
import type { StaffApi } from './staff-api.ts';

/** Cobranza's card of the customer whose name ends in `lastName`. */
export const cardOf = (page: Page, lastName: string) =>
  page.getByRole('article', { name: new RegExp(` ${lastName}$`) });

/** 'Cobrar' on a card, all that is due, while the phone has no signal: kept as 'Pendiente de enviar'. */
export async function collectOffline(page: Page, lastName: string, total: number) {
  const card = cardOf(page, lastName);
  await card.getByRole('button', { name: 'Cobrar' }).click();
  await page
    .getByRole('dialog', { name: 'Cobrar' })
    .getByRole('button', { name: `Cobrar ${formatPesos(total)}` })
    .click();
  const result = page.getByRole('dialog', { name: 'Cobro' });
  await expect(result.getByText('Pendiente de enviar')).toBeVisible();
  await result.getByRole('button', { name: 'Listo' }).click();
  await expect(card.getByText('Pendiente de enviar')).toBeVisible();
}

/** The service worker controls the page: the app's shell is on the phone before the signal goes. */
export const waitForShellOnPhone = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

/** Where a route's customers live and how their test data stays unique to the journey. */
export interface RouteOf {
  /** The journey's `unique()` id. */
  id: string;
  /** Two digits that start the customers' phones, so journeys never share one. */
  phonePrefix: string;
  /** Two letters of the customers' CURPs. */
  curpPrefix: string;
  street: string;
}

/**
 * One stop of an agent's route: the agent registers a customer with an address in Puebla, and the
 * administrator delivers them a $1,000 loan 'del pasado' requested on `requestDate`.
 */
export async function routeStop(
  agent: StaffApi,
  admin: StaffApi,
  route: RouteOf,
  stop: { lastName: string; postalCode: string; n: number; requestDate: string },
): Promise<{ customerId: string; loanId: string }> {
  const customer = await agent.post('/api/v1/customers', {
    name: uniqueWord(),
    lastName: stop.lastName,
    phone: `${route.phonePrefix}${route.id.slice(-7)}${stop.n}`,
    curp: curpOf(`${route.curpPrefix}${stop.lastName.slice(0, 2)}`, route.id),
  });
  await agent.post(`/api/v1/customers/${customer.id}/addresses`, {
    street: route.street,
    numExterior: String(10 * stop.n),
    neighborhood: `Colonia ${stop.lastName}`,
    city: 'Puebla',
    state: 'PUEBLA',
    postalCode: stop.postalCode,
  });
  const loan = await admin.post(`/api/v1/customers/${customer.id}/loans`, {
    amount: 1_000,
    loanFromPast: true,
    requestDate: stop.requestDate,
  });
  await admin.put(`/api/v1/loans/${loan.id}/approve`, {});
  await admin.put(`/api/v1/loans/${loan.id}/activate`);
  return { customerId: customer.id as string, loanId: loan.id as string };
}
