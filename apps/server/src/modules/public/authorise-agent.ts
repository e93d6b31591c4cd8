import { reopensAt } from '@prestaya/domain';
import { eq } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import { hasRole } from '../../access/users.ts';
import { parseAgentCredential } from '../../credentials/basic-credential.ts';
import type { AppDb } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { Refusal, refuse } from '../../http/refusals.ts';
import { verifyAgainstDummy, verifySecret } from '../auth/secrets.ts';
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
}

/**
 * Checks `Authorization: Basic base64(userNum:pin)` and returns the authorising user. Every refusal of
 * the credential is the same 401 ('public.bad_credential'), except a locked number: 423 with its
 * own message and the time it opens, so staff can tell a lock from a typo (a number that belongs to
 * nobody is locked just the same, so the lock reveals nothing). Each attempt with a well-formed number
 * costs one Argon2 verification (a dummy one for an unknown number, a user without PIN or a locked
 * number), so timing says nothing about which numbers exist. A wrong PIN, an unknown number or a user
 * who may not authorise counts as a failure of the typed number from this address
 * (modules/public/pin-lockouts.ts); the failure that locks is answered with the lock.
 */
export async function authoriseAgent(
  db: AppDb,
  header: string | undefined,
  context: AuthorisationContext,
): Promise<CustomerActor> {
  const badCredential = () => refuse('public.bad_credential');
  const locked = (until: Date) => new PinLockedProblem(until, context.timeZone);
  const credential = parseAgentCredential(header);
  if (!credential) {
    await verifyAgainstDummy('-');
    throw badCredential();
  }
  const { userNum, pin } = credential;
  const address = context.clientAddress;
  const lock = await activeLock(db, userNum, address, context.now());
  if (lock) {
    await verifyAgainstDummy(pin);
    throw locked(lock);
  }
  const [row] = await db
    .select({ id: users.id, status: users.status, roles: users.roles, pinHash: users.pinHash })
    .from(users)
    .where(eq(users.num, userNum))
    .limit(1);
  const pinOk = row?.pinHash != null ? await verifySecret(row.pinHash, pin) : await verifyAgainstDummy(pin);
  if (!row || !pinOk || !mayAuthorise(row)) {
    const outcome = await recordFailure(db, { userNum, address, at: context.now(), userId: row?.id });
    if (outcome.lockedUntil) throw locked(outcome.lockedUntil);
    throw badCredential();
  }
  const stillLocked = await clearFailures(db, userNum, address, context.now());
  if (stillLocked) throw locked(stillLocked);
  return { id: row.id, roles: row.roles };
}

/**
 * The authorising user must be the loan's customer's assigned agent or an administrator (docs/architecture.md
 * "People and access"): a right PIN of another agent is 403. An unknown loan is 404. Checked before
 * the upload is read; registerPayment checks it again on the locked loan row.
 */
export async function ensureMayAuthoriseLoan(db: AppDb, loanId: string, actor: CustomerActor) {
  const [row] = await db
    .select({ agentId: customers.agentId })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(loans.id, loanId))
    .limit(1);
  if (!row) throw refuse('loan.not_found');
  if (!seesAllCustomers(actor) && row.agentId !== actor.id) throw refuse('public.not_assigned_agent');
}
