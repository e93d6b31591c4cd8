import { agentCredentialHeader } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, expect } from 'vitest';
import { paymentsApi } from '../../support/api.ts';
import { useTestApp } from '../../support/app.ts';
import { filesUnder, fixture, jsonPart, multipart, type Part, tempDataDir } from '../../support/builders.ts';
import { rowsOf } from '../../support/database.ts';
import { lookupProofHeader } from '../../support/public-api.ts';
import { activeLoan, type LoanWorld, loanWorld } from '../../support/worlds.ts';
import { fakeWebDist } from './web-dist.ts';

/**
 * The app of the upload files (uploads-*.test.ts), with a DATA_DIR that must stay empty and a web root
 * that must serve no proof; before each test, a fresh world with a delivered loan of the agent's.
 */
export function useUploadsApp() {
  const dataDir = tempDataDir();
  const context = useTestApp({ dataDir: dataDir.dir, webDist: fakeWebDist() });
  afterAll(() => dataDir.remove());
  const state = {
    context,
    dataDir: dataDir.dir,
    payments: paymentsApi(context),
    world: {} as LoanWorld,
    loanId: '',
    installments: [] as string[],
  };
  let clientCounter = 0;

  beforeEach(async () => {
    state.world = await loanWorld(context);
    const active = await activeLoan(context, state.world.admin, state.world.customer.id);
    state.loanId = active.loan.id;
    state.installments = active.schedule.map((p) => p.id);
  });

  /** A public payment authorised with the agent's PIN, each from its own client address (rate limit). */
  function payPublicly(parts: Part[]) {
    const { payload, headers } = multipart(parts);
    clientCounter += 1;
    const { num, pin } = state.world.agent;
    return context.app.inject({
      method: 'POST',
      url: `/public/api/v1/loans/${state.loanId}/payments`,
      payload,
      headers: {
        ...headers,
        authorization: agentCredentialHeader(num, pin),
        ...lookupProofHeader(context.app, state.loanId),
      },
      remoteAddress: `10.9.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`,
    });
  }

  async function count(table: 'payments' | 'payment_attachments' | 'stored_files'): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await context.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
    );
    return row?.n ?? -1;
  }

  /** Nothing under DATA_DIR and no payment, attachment or stored file row. */
  async function expectNothingStored() {
    expect(filesUnder(dataDir.dir)).toEqual([]);
    expect(await count('payments')).toBe(0);
    expect(await count('payment_attachments')).toBe(0);
    expect(await count('stored_files')).toBe(0);
  }

  /** The public side's paymentRequest for the first installment: 1 is TRANSFER, 0 is CASH. */
  const firstInstallment = (paymentMethod: 0 | 1): Part =>
    jsonPart({ scheduledPaymentIds: [state.installments[0] ?? ''], paymentMethod: paymentMethod as never });

  return {
    state,
    png: fixture('proof.png'),
    payPublicly,
    count,
    expectNothingStored,
    transfer: () => firstInstallment(1),
    cash: () => firstInstallment(0),
  };
}
