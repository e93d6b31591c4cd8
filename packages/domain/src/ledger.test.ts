import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_OPERATION_TYPES,
  type AccountBalances,
  applyMovement,
  LEDGER_EFFECTS,
  movementDelta,
} from './ledger.ts';

// $10,000.00 real, $7,000.00 available: $3,000.00 reserved for an approved loan.
const account: AccountBalances = { balanceCents: 700_000, realBalanceCents: 1_000_000 };

describe('ledger rule', () => {
  it('applies each operation type to the right balances', () => {
    const x = 100_050; // $1,000.50
    expect(applyMovement(account, { type: 'MANUAL_WITHDRAWAL', amountCents: x })).toEqual({
      ok: true,
      balances: { balanceCents: 599_950, realBalanceCents: 899_950 },
    });
    expect(applyMovement(account, { type: 'DEPOSIT', amountCents: x })).toEqual({
      ok: true,
      balances: { balanceCents: 800_050, realBalanceCents: 1_100_050 },
    });
    expect(applyMovement(account, { type: 'VIRTUAL_WITHDRAWAL', amountCents: x })).toEqual({
      ok: true,
      balances: { balanceCents: 599_950, realBalanceCents: 1_000_000 },
    });
    expect(applyMovement(account, { type: 'WITHDRAWAL', amountCents: x })).toEqual({
      ok: true,
      balances: { balanceCents: 700_000, realBalanceCents: 899_950 },
    });
    expect(applyMovement(account, { type: 'RELEASE', amountCents: x })).toEqual({
      ok: true,
      balances: { balanceCents: 800_050, realBalanceCents: 1_000_000 },
    });
    expect(applyMovement(account, { type: 'PAYMENT_DEPOSIT', amountCents: x })).toEqual({
      ok: true,
      balances: { balanceCents: 800_050, realBalanceCents: 1_100_050 },
    });
  });

  it('has an effect for every operation type of the contracts, matching movementDelta', () => {
    for (const type of ACCOUNT_OPERATION_TYPES) {
      const result = applyMovement(account, { type, amountCents: 1 });
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const delta = movementDelta({ type, amountCents: 1 });
      expect(result.balances.balanceCents - account.balanceCents).toBe(delta.balanceCents);
      expect(result.balances.realBalanceCents - account.realBalanceCents).toBe(delta.realBalanceCents);
      expect(LEDGER_EFFECTS[type]).toBeDefined();
    }
  });

  it('lets a withdrawal or reservation take exactly the available balance, not a centavo more', () => {
    for (const type of ['MANUAL_WITHDRAWAL', 'VIRTUAL_WITHDRAWAL'] as const) {
      expect(applyMovement(account, { type, amountCents: 700_000 }).ok).toBe(true);
      expect(applyMovement(account, { type, amountCents: 700_001 })).toEqual({
        ok: false,
        refusal: { kind: 'insufficientBalance', availableCents: 700_000 },
      });
    }
    // The reserved $3,000 cannot be withdrawn manually even though it is really there.
    expect(applyMovement(account, { type: 'MANUAL_WITHDRAWAL', amountCents: 900_000 }).ok).toBe(false);
    expect(
      applyMovement({ balanceCents: 0, realBalanceCents: 0 }, { type: 'MANUAL_WITHDRAWAL', amountCents: 1 }),
    ).toEqual({ ok: false, refusal: { kind: 'insufficientBalance', availableCents: 0 } });
  });

  it('never delivers or releases more than is reserved, so 0 ≤ balance ≤ real holds', () => {
    for (const type of ['WITHDRAWAL', 'RELEASE'] as const) {
      expect(applyMovement(account, { type, amountCents: 300_000 }).ok).toBe(true);
      expect(applyMovement(account, { type, amountCents: 300_001 })).toEqual({
        ok: false,
        refusal: { kind: 'exceedsReserved', reservedCents: 300_000 },
      });
    }
  });

  it('refuses amounts that are not a positive whole number of centavos', () => {
    for (const amountCents of [0, -1, -100_000, 0.5, 1000.1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      for (const type of ACCOUNT_OPERATION_TYPES) {
        expect(applyMovement(account, { type, amountCents })).toEqual({
          ok: false,
          refusal: { kind: 'invalidAmount' },
        });
      }
    }
  });

  it('refuses a deposit that would make the balance inexact', () => {
    const huge = { balanceCents: Number.MAX_SAFE_INTEGER - 1, realBalanceCents: Number.MAX_SAFE_INTEGER - 1 };
    expect(applyMovement(huge, { type: 'DEPOSIT', amountCents: 1 }).ok).toBe(true);
    expect(applyMovement(huge, { type: 'DEPOSIT', amountCents: 2 })).toEqual({
      ok: false,
      refusal: { kind: 'tooLarge' },
    });
  });

  it('keeps the invariant over a random sequence: balances = Σ deltas, 0 ≤ balance ≤ real', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let current: AccountBalances = { balanceCents: 0, realBalanceCents: 0 };
    const sum = { balanceCents: 0, realBalanceCents: 0 };
    for (let i = 0; i < 2000; i++) {
      const type =
        ACCOUNT_OPERATION_TYPES[Math.floor(random() * ACCOUNT_OPERATION_TYPES.length)] ?? 'DEPOSIT';
      const amountCents = 1 + Math.floor(random() * 500_000);
      const result = applyMovement(current, { type, amountCents });
      if (!result.ok) continue;
      const delta = movementDelta({ type, amountCents });
      sum.balanceCents += delta.balanceCents;
      sum.realBalanceCents += delta.realBalanceCents;
      current = result.balances;
      expect(current.balanceCents).toBeGreaterThanOrEqual(0);
      expect(current.realBalanceCents).toBeGreaterThanOrEqual(current.balanceCents);
    }
    expect(current).toEqual(sum);
  });
});
