import { sql } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { expectProblem, type TestUser, useTestAppWithDataDir } from './app.ts';
import { jsonPart, type Part } from './builders.ts';
import { rowsOf } from './database.ts';
import { BAD_CREDENTIAL, PIN_LOCKED, publicApi } from './public-api.ts';
import { activeLoan, secondCustomer, useLoanWorld } from './worlds.ts';

/**
 * POST /public/api/v1/loans/{id}/payments: the staff multipart and rules, authorised by an active
 * agent's or administrator's `Basic base64(userNum:pin)` on a looked-up loan (`publicApi.pay` sends the
 * lookup proof); 5 wrong PINs lock the pair (number, loan) for 15 minutes in `pin_lockouts` (shared by
 * every server on the database). More of the lockout: test/pin/lockout.test.ts.
 *
 * The set-up shared by the public payment tests: called once at the top of the file, it registers the
 * hooks (an app with its own DATA_DIR, a loanWorld and a delivered loan before each test). `world` and
 * `loan` are filled in place by those hooks, so read their properties in tests.
 */
export function usePublicPaymentWorld() {
  const context = useTestAppWithDataDir();
  const world = useLoanWorld(context);
  /** The world customer's delivered loan: its id and installments. */
  const loan = {} as { id: string; schedule: { id: string; amount: number }[] };
  beforeEach(async () => {
    const active = await activeLoan(context, world.admin, world.customer.id);
    Object.assign(loan, { id: active.loan.id, schedule: active.schedule });
  });

  const ids = (n: number) => loan.schedule.slice(0, n).map((p) => p.id);

  const cash = (n = 1): Part[] => [jsonPart({ scheduledPaymentIds: ids(n), paymentMethod: '0' as never })];

  const asAgent = (user: TestUser = world.agent, pin = user.pin): [number, string] => [user.num, pin];

  async function query<T>(text: ReturnType<typeof sql>) {
    return rowsOf<T>(await context.database.db.execute(text));
  }

  /** A counter of the number: the pair of the world's loan unless told (e.g. 'ip:127.0.0.1'). */
  const lockoutOf = async (num: number, scope = `loan:${loan.id}`) =>
    (
      await query<{ failed_count: number; locked: boolean }>(
        sql`select failed_count, coalesce(locked_until > now(), false) as locked
              from pin_lockouts where user_num = ${num} and scope = ${scope}`,
      )
    )[0];

  const paymentRows = () =>
    query<{ id: string; status: string; channel: string; registered_by: string; payment_method: string }>(
      sql`select id, status, channel, registered_by, payment_method from payments order by created_on`,
    );

  async function otherCustomerId(phone = '5587654321') {
    return (await secondCustomer(context, world.admin, { phone, agentId: world.agent.id })).id;
  }

  return {
    context,
    dataDir: context.dataDir,
    api: () => publicApi(context.app),
    world,
    loan,
    ids,
    cash,
    asAgent,
    query,
    lockoutOf,
    paymentRows,
    otherCustomerId,
  };
}

type Reply = { statusCode: number; headers: Record<string, unknown>; body: string };

export const expectLocked = (response: Reply) => expectProblem(response, 423, PIN_LOCKED);

export async function expectRefused(response: Reply) {
  expectProblem(response, 401, BAD_CREDENTIAL);
}
