/**
 * Partial payments, 'Abono' (docs/architecture.md "Payments"): an amount instead of ticked items. Pure;
 * the registration applies it to the locked rows of the loan.
 *
 * Every installment and fee carries two parts of its amount besides its status:
 * - `paidCents`: what confirmed payments paid of it;
 * - `heldCents`: what payments awaiting confirmation (VALIDATING) hold of it.
 * What remains to pay is `amount − paid − held`. The status follows the parts, through the usual
 * machines: PAID exactly when `paid = amount`; VALIDATING when nothing remains but part of it is only
 * held; otherwise payable (PENDING/DELAYED), so an installment paid in part stays owed and keeps
 * accruing late fees. A whole-items payment is the case where one payment holds all that remained.
 * - registering takes a part (`held += part`; VALIDATING when nothing remains);
 * - confirming moves the part from held to paid (PAID when all is paid);
 * - rejecting gives the part back (`held −= part`; a VALIDATING item is payable again).
 */

import { type FeeStatus, feeTransition } from './fee-status.ts';
import { type InstallmentStatus, installmentTransition } from './installment-status.ts';

/**
 * 'ITEMS': ticked installments and fees, each whole; 'ABONO': an amount allocated by allocateAbono;
 * 'PAYOFF': an early payoff (payoff.ts), every item for what remains less its discount.
 */
export const PAYMENT_KINDS = ['ITEMS', 'ABONO', 'PAYOFF'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** The least an abono may be: $1. */
export const ABONO_MIN_CENTS = 100;

export interface ItemParts {
  amountCents: number;
  paidCents: number;
  heldCents: number;
}

/** What is left to pay of an item: neither paid nor held by a payment in validation. */
export const remainingCents = (item: ItemParts): number =>
  Math.max(0, item.amountCents - item.paidCents - item.heldCents);

/** What is still owed of an item (what the balance counts): all but its confirmed part. */
export const owedCents = (item: ItemParts): number => Math.max(0, item.amountCents - item.paidCents);

export interface AbonoTarget {
  id: string;
  /** What remains of it (remainingCents), > 0 for an item that can be paid. */
  remainingCents: number;
}

export interface AbonoLine {
  kind: 'installment' | 'fee';
  id: string;
  /** What the abono pays of it. */
  amountCents: number;
  /** What remains of it after the abono; 0 when the abono pays the rest of it. */
  remainingAfterCents: number;
}

export type AbonoRefusal =
  | 'payment.abono_below_minimum'
  | 'payment.abono_above_owed'
  | 'payment.abono_nothing_owed';

export type AbonoAllocation =
  | { ok: true; lines: AbonoLine[]; amountCents: number }
  | { ok: false; refusal: AbonoRefusal; owedCents: number };

/**
 * What an abono of `amountCents` pays: the pending fees first, in the order given (oldest first), then
 * the unpaid installments in the order given (oldest first), each for what remains of it; the last one
 * it reaches is paid in part. Refused below ABONO_MIN_CENTS, above everything that remains, or when
 * nothing remains. Items with nothing remaining are skipped.
 */
export function allocateAbono(
  amountCents: number,
  fees: readonly AbonoTarget[],
  installments: readonly AbonoTarget[],
): AbonoAllocation {
  const targets = [
    ...fees.map((f) => ({ kind: 'fee' as const, ...f })),
    ...installments.map((i) => ({ kind: 'installment' as const, ...i })),
  ].filter((t) => t.remainingCents > 0);
  const owed = targets.reduce((sum, t) => sum + t.remainingCents, 0);
  if (owed === 0) return { ok: false, refusal: 'payment.abono_nothing_owed', owedCents: 0 };
  if (!Number.isSafeInteger(amountCents) || amountCents < ABONO_MIN_CENTS) {
    return { ok: false, refusal: 'payment.abono_below_minimum', owedCents: owed };
  }
  if (amountCents > owed) return { ok: false, refusal: 'payment.abono_above_owed', owedCents: owed };
  const lines: AbonoLine[] = [];
  let left = amountCents;
  for (const target of targets) {
    if (left === 0) break;
    const part = Math.min(left, target.remainingCents);
    lines.push({
      kind: target.kind,
      id: target.id,
      amountCents: part,
      remainingAfterCents: target.remainingCents - part,
    });
    left -= part;
  }
  return { ok: true, lines, amountCents };
}

/** An item's status and parts after a change; `status` is unchanged when nothing moves it. */
export interface PartsChange<S extends string> {
  status: S;
  paidCents: number;
  heldCents: number;
}

export type PartAction = { kind: 'take' } | { kind: 'confirm' } | { kind: 'reject'; overdue: boolean };

export type PartRefusal = 'payment.already_taken' | 'payment.not_payable' | 'payment.only_validating_decides';

export type PartsResult<S extends string> =
  | ({ ok: true } & PartsChange<S>)
  | { ok: false; refusal: PartRefusal };

function applyPart<S extends string>(
  status: S,
  parts: ItemParts,
  part: number,
  action: PartAction,
  move: (from: S, action: PartAction) => { ok: true; to: S } | { ok: false; refusal: string },
): PartsResult<S> {
  const { amountCents, paidCents, heldCents } = parts;
  if (!Number.isSafeInteger(part) || part <= 0) return { ok: false, refusal: 'payment.not_payable' };
  const moved = (to: S, paid: number, held: number): PartsResult<S> => ({
    ok: true,
    status: to,
    paidCents: paid,
    heldCents: held,
  });
  const through = (paid: number, held: number): PartsResult<S> => {
    const next = move(status, action);
    if (!next.ok) return { ok: false, refusal: next.refusal as PartRefusal };
    return moved(next.to, paid, held);
  };
  switch (action.kind) {
    case 'take': {
      if (part > amountCents - paidCents - heldCents) {
        return {
          ok: false,
          refusal: remainingCents(parts) === 0 ? 'payment.already_taken' : 'payment.not_payable',
        };
      }
      const held = heldCents + part;
      // Nothing remains once this part is held: the item waits for its payments' decisions.
      if (paidCents + held === amountCents) return through(paidCents, held);
      const check = move(status, action);
      if (!check.ok) return { ok: false, refusal: check.refusal as PartRefusal };
      return moved(status, paidCents, held);
    }
    case 'confirm': {
      if (part > heldCents) return { ok: false, refusal: 'payment.only_validating_decides' };
      const paid = paidCents + part;
      const held = heldCents - part;
      return paid === amountCents ? through(paid, held) : moved(status, paid, held);
    }
    case 'reject': {
      if (part > heldCents) return { ok: false, refusal: 'payment.only_validating_decides' };
      const held = heldCents - part;
      // A VALIDATING item had nothing remaining; the part given back makes it payable again.
      return paidCents + heldCents === amountCents && paidCents < amountCents
        ? through(paidCents, held)
        : moved(status, paidCents, held);
    }
  }
}

/**
 * An installment's status and parts after a payment takes, confirms or rejects `part` of it
 * (installment-status.ts moves the status: take → VALIDATING, confirm → PAID, reject → DELAYED when
 * past due, else PENDING).
 */
export const installmentPart = (
  status: InstallmentStatus,
  parts: ItemParts,
  part: number,
  action: PartAction,
): PartsResult<InstallmentStatus> =>
  applyPart(status, parts, part, action, (from, a) => installmentTransition(from, a));

/** A fee's status and parts after a payment takes, confirms or rejects `part` of it (fee-status.ts). */
export const feePart = (
  status: FeeStatus,
  parts: ItemParts,
  part: number,
  action: PartAction,
): PartsResult<FeeStatus> =>
  applyPart(status, parts, part, action, (from, a) =>
    feeTransition(from, a.kind === 'reject' ? { kind: 'reject' } : a),
  );
