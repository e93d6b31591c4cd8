import { jsonPart } from '../../support/builders.ts';
import type { Http, HttpReply } from '../support-server.ts';

/**
 * The crash test's client-side model: the mixed money operations its clients send, drawn at random
 * (fixed seed) from what the model says is possible right now. An item (a free customer, a pending
 * loan, a validating payment…) is taken by one client at a time.
 */

export type Kind = 'deposit' | 'withdrawal' | 'request' | 'approve' | 'deliver' | 'register' | 'confirm';
export const WEIGHTS: Record<Kind, number> = {
  deposit: 1,
  withdrawal: 1,
  request: 2,
  approve: 2,
  deliver: 2,
  register: 3,
  confirm: 3,
};
export const KINDS = Object.keys(WEIGHTS) as Kind[];

interface LoanState {
  id: string;
  schedule: string[];
  /** Index of the next installment to register. */
  next: number;
}
export interface Operation {
  kind: Kind;
  /** What proves it happened: a movement reason, a loan id or a payment id. */
  ref: string;
  run(api: Http): Promise<HttpReply>;
  /** Updates the client's model after an acknowledged reply. */
  onSuccess(reply: HttpReply): void;
}

/** Mulberry32: a fixed seed makes the mix of operations the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const idOf = (reply: HttpReply) => (reply.body.data as { id: string }).id;

/** `nextOperation()` draws the next operation for `token` over the given accounts and free customers. */
export function workload(token: string, accounts: string[], free: string[]) {
  const rand = random(20_260_808);
  const pick = <T>(items: T[]): T => items.splice(Math.floor(rand() * items.length), 1)[0] as T;
  const pesos = (min: number, max: number) => Math.round((min + rand() * (max - min)) * 100) / 100;
  const anyAccount = () => accounts[Math.floor(rand() * accounts.length)] as string;
  const pending: string[] = [];
  const approved: string[] = [];
  const active: LoanState[] = [];
  const validating: string[] = [];
  let serial = 0;

  /** A JSON call with the token; `body` is drawn when the call runs, as the model's state is then. */
  const call =
    (method: string, path: string, body?: () => unknown) =>
    (http: Http): Promise<HttpReply> =>
      http.json(method, path, { token, ...(body ? { body: body() } : {}) });

  function drawKind(): Kind {
    const possible: Record<Kind, boolean> = {
      deposit: true,
      withdrawal: true,
      request: free.length > 0,
      approve: pending.length > 0,
      deliver: approved.length > 0,
      register: active.length > 0,
      confirm: validating.length > 0,
    };
    const available = KINDS.filter((kind) => possible[kind]);
    const roll = rand() * available.reduce((total, kind) => total + WEIGHTS[kind], 0);
    let below = 0;
    return (
      available.find((k) => {
        below += WEIGHTS[k];
        return roll < below;
      }) ?? 'deposit'
    );
  }

  function nextOperation(): Operation | undefined {
    const kind = drawKind();
    serial += 1;
    const reason = `Operación ${serial}`;
    switch (kind) {
      case 'deposit':
      case 'withdrawal': {
        const account = anyAccount();
        const amount = pesos(1, 900);
        const body = kind === 'deposit' ? { deposit: amount, reason } : { withdrawal: amount, reason };
        return {
          kind,
          ref: reason,
          run: call('PATCH', `/api/v1/bank-accounts/${account}`, () => body),
          onSuccess: () => {},
        };
      }
      case 'request': {
        const customer = pick(free);
        const op: Operation = {
          kind,
          ref: '',
          run: call('POST', `/api/v1/customers/${customer}/loans`, () => ({
            amount: 1_000 * (1 + Math.floor(rand() * 8)),
          })),
          onSuccess: (reply) => {
            op.ref = idOf(reply);
            pending.push(op.ref);
          },
        };
        return op;
      }
      case 'approve': {
        const loan = pick(pending);
        return {
          kind,
          ref: loan,
          run: call('PUT', `/api/v1/loans/${loan}/approve`, () => ({ bankAccountId: anyAccount() })),
          onSuccess: () => approved.push(loan),
        };
      }
      case 'deliver': {
        const loan = pick(approved);
        return {
          kind,
          ref: loan,
          run: async (http) => {
            const reply = await call('PUT', `/api/v1/loans/${loan}/activate`)(http);
            if (reply.status !== 200) return reply;
            const schedule = await call('GET', `/api/v1/loans/${loan}/scheduled-payments`)(http);
            return { ...schedule, status: schedule.status === 200 ? 200 : schedule.status };
          },
          onSuccess: (reply) => {
            const schedule = (reply.body.data as { id: string; paymentNumber: number }[])
              .sort((a, b) => a.paymentNumber - b.paymentNumber)
              .map((p) => p.id);
            active.push({ id: loan, schedule, next: 0 });
          },
        };
      }
      case 'register': {
        const loan = pick(active);
        const count = Math.min(1 + Math.floor(rand() * 2), loan.schedule.length - loan.next);
        const ids = loan.schedule.slice(loan.next, loan.next + count);
        const op: Operation = {
          kind,
          ref: '',
          run: (http) =>
            http.multipart(
              `/api/v1/loans/${loan.id}/payments`,
              [jsonPart({ scheduledPaymentIds: ids, paymentMethod: 'CASH' })],
              { authorization: `Bearer ${token}` },
            ),
          onSuccess: (reply) => {
            op.ref = idOf(reply);
            validating.push(op.ref);
            loan.next += count;
            if (loan.next < loan.schedule.length) active.push(loan);
          },
        };
        return op;
      }
      case 'confirm': {
        const payment = pick(validating);
        return {
          kind,
          ref: payment,
          run: call('PATCH', `/api/v1/payments/${payment}`, () => ({
            status: 'PAID',
            targetAccountId: anyAccount(),
          })),
          onSuccess: () => {},
        };
      }
    }
  }

  return { nextOperation };
}
