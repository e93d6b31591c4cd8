import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, type PaymentListItem } from '@prestaya/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency-keys.ts';
import { refuse } from '../../http/refusals.ts';
import type { PaymentRequestInput, ReceivedProof } from './upload.ts';

/** A registration's `Idempotency-Key`: whose it is (route + actor) and what it asked for. */
export interface IdempotentRequest {
  scope: string;
  key: string;
}

/** The request's key under its scope, or undefined without the (already validated) header. */
export function idempotencyOf(
  headers: { 'idempotency-key'?: string | undefined },
  scope: string,
): IdempotentRequest | undefined {
  const key = headers['idempotency-key'];
  return key === undefined ? undefined : { scope, key };
}

/** Keys of staff registrations: one space per staff user. */
export const staffPaymentScope = (userId: string) => `POST /api/v1/loans/:id/payments ${userId}`;

/** Keys of public registrations: one space per loan and authorising agent. */
export const publicPaymentScope = (loanId: string, agentId: string) =>
  `POST /public/api/v1/loans/:id/payments ${loanId} ${agentId}`;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What the request asked for: the loan, the validated paymentRequest's items and method, and the proof
 * image's bytes. Not `collectedAt`: a repeat is the same collection, and it keeps the first's instant.
 */
export function paymentFingerprint(
  loanId: string,
  request: PaymentRequestInput,
  file?: ReceivedProof,
): string {
  const asked = [loanId, request.scheduledPaymentIds, request.feeIds, request.paymentMethod];
  // An abono's amount; whole-item requests keep the fingerprint they had before abonos existed.
  const amounts = [
    ...(request.abono === undefined ? [] : [request.abono]),
    ...(request.payoff === undefined ? [] : [`payoff:${request.payoff}`]),
  ];
  const items = JSON.stringify(amounts.length === 0 ? asked : [...asked, ...amounts]);
  return sha256(`${items}\n${file ? sha256(file.bytes) : ''}`);
}

const expired = () =>
  lt(idempotencyKeys.createdOn, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`);

/**
 * Claims the key inside the registration's transaction. Returns undefined when this request is the
 * first (the caller registers and then calls storeReply), or the first request's reply. A concurrent
 * duplicate's insert waits on the unique (scope, key) until the first commits, then reads its reply; if
 * the first rolled back, the duplicate's insert goes through and it registers instead. The same key with
 * another request is 422. Expired keys are ignored: this one's is deleted, and a few others with it.
 */
export async function claimKey(
  tx: AppTx,
  request: IdempotentRequest,
  fingerprint: string,
): Promise<PaymentListItem | undefined> {
  const mine = and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key));
  await tx.delete(idempotencyKeys).where(and(mine, expired()));
  // Opportunistic purge, bounded and without waiting on rows another transaction holds.
  const stale = tx
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(expired())
    .limit(100)
    .for('update', { skipLocked: true });
  await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.id, stale));

  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ id: uuidv7(), scope: request.scope, key: request.key, fingerprint })
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  if (claimed.length > 0) return undefined;

  const [first] = await tx.select().from(idempotencyKeys).where(mine).for('update');
  if (!first?.responseBody) throw new Error('idempotency key without its reply');
  if (first.fingerprint !== fingerprint) throw refuse('idempotency.key_reused');
  const reply = first.responseBody as PaymentListItem;
  // A reply stored before payments had collected_at: they were collected when registered.
  return { ...reply, collectedAt: reply.collectedAt ?? reply.createdOn, kind: reply.kind ?? 'ITEMS' };
}

/** Stores the reply the claimed key answers with from now on, in the same transaction. */
export async function storeReply(
  tx: AppTx,
  request: IdempotentRequest,
  reply: PaymentListItem,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: 201, responseBody: reply })
    .where(and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key)));
}
