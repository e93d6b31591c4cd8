import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentQueue } from '../lib/offline-queue.ts';
import { session } from '../lib/session.ts';
import { AGENT_ID, agentLogin, takenPayment } from '../test/fixtures.ts';
import { json, mockServer, problem, renderRoutes } from '../test/utils.tsx';
import { routes } from './routes.tsx';

const emptyPage = { data: [], page: 1, size: 10, totalDocuments: 0, totalPages: 0, totalCapped: false };
const REFUSAL = 'Pago 1 de 12: ya está pagado o en validación';

/** Loads every lazy screen once, so that the screen is there within the test's wait. */
async function preload(list: RouteObject[]): Promise<void> {
  for (const route of list) {
    if (typeof route.lazy === 'function') await route.lazy();
    if (route.children) await preload(route.children);
  }
}

describe('the queue sending by itself while another screen is open', { timeout: 30_000 }, () => {
  beforeAll(() => preload(routes), 60_000);

  it('tells how many payments went through and, with the reason, which were refused', async () => {
    mockServer(({ method, url }) => {
      if (url.pathname === '/api/v1/customers') return json(200, emptyPage);
      if (method !== 'POST') return undefined;
      return url.pathname === '/api/v1/loans/loan-3/payments'
        ? problem(409, REFUSAL)
        : json(201, { status: 'OK', data: { id: `paid-${url.pathname}` } });
    });
    session.start(agentLogin);
    // Taken in Cobranza without signal; a refusal from an earlier round is not told again.
    await paymentQueue.enqueue(takenPayment(9, { loanId: 'loan-3', customerName: 'Vieja Negativa' }));
    expect((await paymentQueue.send('key-9')).kind).toBe('refused');
    await paymentQueue.enqueue(takenPayment(1));
    await paymentQueue.enqueue(takenPayment(2));
    await paymentQueue.enqueue(takenPayment(3, { customerName: 'Ana Ruiz', amountCents: 50_000 }));

    // The signal is back with Clientes open: the shell sends the queue and says how it went.
    renderRoutes(routes, '/admin/customers');
    // The shell's first load (session guard, lazy layout) may take a while on a busy machine.
    expect(
      await screen.findByText('Se enviaron 2 cobros guardados en este teléfono', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 cobro rechazado')).toBeInTheDocument();
    expect(
      screen.getByText(`Ana Ruiz, préstamo 1003 ($500.00): ${REFUSAL}. Revíselos en Cobranza.`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Vieja Negativa/)).not.toBeInTheDocument();
    await waitFor(async () =>
      expect((await paymentQueue.list(AGENT_ID)).map((entry) => entry.key)).toEqual(['key-9', 'key-3']),
    );
  });
});
