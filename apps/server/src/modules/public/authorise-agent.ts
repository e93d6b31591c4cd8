import { reopensAt } from '@prestaya/domain';
import { eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import { hasRole } from '../../access/users.ts';
import { parseAgentCredential } from '../../credentials/basic-credential.ts';
import type { AppDb } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { Refusal, refuse } from '../../http/refusals.ts';
import { verifyAgainstDummy, verifySecret } from '../auth/secrets.ts';
import { verifyLookupProof } from './lookup-proof.ts';
import { activeLock, clearFailures, recordFailure } from './pin-lockouts.ts';

/** Who may authorise a public payment: an active (status A) agent or administrator with a PIN. */
function mayAuthorise(row: { status: string; roles: string[]; pinHash: string | null }): boolean {
  return (
    row.status === 'A' &&
    row.pinHash !== null &&
    (hasRole(row.roles, 'ROLE_USER') || hasRole(row.roles, 'ROLE_ADMIN'))
  );
}

/** A refusal because the typed number is locked: 423 with the time it opens; `until` feeds Retry-After. */
export class PinLockedProblem extends Refusal {
  constructor(
    readonly until: Date,
    timeZone: string,
  ) {
    super('public.pin_locked', { values: { time: reopensAt(until, timeZone) } });
  }
}

export interface AuthorisationContext {
  /** The client address (request.ip: the proxy's X-Forwarded-For only with TRUST_PROXY). */
  clientAddress: string;
  now: () => Date;
  /** TZ_BUSINESS, for the time a lock opens. */
  timeZone: string;
  /** The key of the lookup proofs (lookup-proof.ts). */
  proofKey: Buffer;
}

/**
 * Checks `Authorization: Basic base64(userNum:pin)` for a public payment on `loanId` and returns the
 * authorising user (docs/reliability.md "PIN threat model"). In this order, so that only attempts that
 * could succeed ever count:
 * 1. a malformed credential is 401 ('public.bad_credential');
 * 2. without a valid lookup proof of this very loan (`X-Lookup-Proof`, handed out by the lookup with
 *    number + phone) it is 403 ('public.lookup_required'): the PIN is not evaluated, nothing counts;
 * 3. a number that is neither the loan's customer's agent nor an administrator who may authorise (or
 *    that belongs to nobody) is 403 ('public.not_assigned_agent'): not evaluated, nothing counts;
 * 4. a locked pair (number, loan) or number from this address is 423 with the time it opens;
 * 5. a wrong PIN counts (pin-lockouts.ts): 401, or 423 when this failure locks.
 * Steps 4 and 5 cost one Argon2 verification each (a dummy one while locked), so timing says nothing
 * about the lock. An unknown loan id never gets a proof, so it stops at step 2.
 */
export async function authoriseAgent(
  db: AppDb,
  loanId: string,
  header: string | undefined,
  proof: unknown,
  context: AuthorisationContext,
): Promise<CustomerActor> {
  const badCredential = () => refuse('public.bad_credential');
  const locked = (until: Date) => new PinLockedProblem(until, context.timeZone);
  const credential = parseAgentCredential(header);
  if (!credential) {
    await verifyAgainstDummy('-');
    throw badCredential();
  }
  if (!verifyLookupProof(context.proofKey, loanId, proof, context.now()))
    throw refuse('public.lookup_required');
  const { userNum, pin } = credential;
  const [loan] = await db
    .select({ agentId: customers.agentId })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(loans.id, loanId))
    .limit(1);
  if (!loan) throw refuse('loan.not_found');
  const [row] = await db
    .select({ id: users.id, status: users.status, roles: users.roles, pinHash: users.pinHash })
    .from(users)
    .where(eq(users.num, userNum))
    .limit(1);
  if (!row || !mayAuthorise(row) || (!hasRole(row.roles, 'ROLE_ADMIN') && row.id !== loan.agentId))
    throw refuse('public.not_assigned_agent');
  const attempt = { userNum, loanId, address: context.clientAddress };
  const lock = await activeLock(db, attempt, context.now());
  if (lock) {
    await verifyAgainstDummy(pin);
    throw locked(lock);
  }
  if (!row.pinHash || !(await verifySecret(row.pinHash, pin))) {
    const outcome = await recordFailure(db, { ...attempt, at: context.now(), userId: row.id });
    if (outcome.lockedUntil) throw locked(outcome.lockedUntil);
    throw badCredential();
  }
  const stillLocked = await clearFailures(db, attempt, context.now());
  if (stillLocked) throw locked(stillLocked);
  return { id: row.id, roles: row.roles };
}
