/**
 * The cash ledger rule (docs/architecture.md "Loan lifecycle and the cash ledger"). Pure: no I/O, unit-tested
 * in ledger.test.ts. Money in integer centavos.
 *
 * An account has two balances: `realBalanceCents`, the money really there, and `balanceCents`, what is
 * available = real minus the reservations of approved loans not yet delivered. Always
 * 0 ≤ balance ≤ real (the database checks it too). Effect of each movement of `x` centavos (x > 0):
 *
 * | type               | label      | balance | real | refused when                         |
 * |--------------------|------------|---------|------|--------------------------------------|
 * | MANUAL_WITHDRAWAL  | Retiro     | −x      | −x   | x > balance                          |
 * | DEPOSIT            | Depósito   | +x      | +x   | —                                    |
 * | VIRTUAL_WITHDRAWAL | Reserva    | −x      |      | x > balance                          |
 * | WITHDRAWAL         | Entrega    |         | −x   | x > real − balance (what is reserved) |
 * | RELEASE            | Liberación | +x      |      | x > real − balance (what is reserved) |
 * | PAYMENT_DEPOSIT    | Abono      | +x      | +x   | —                                    |
 */

/** The kinds of movement, in the order the screens and the API list them (the contracts label them). */
export const ACCOUNT_OPERATION_TYPES = [
  'PAYMENT_DEPOSIT',
  'WITHDRAWAL',
  'VIRTUAL_WITHDRAWAL',
  'MANUAL_WITHDRAWAL',
  'DEPOSIT',
  'RELEASE',
] as const;
export type AccountOperationType = (typeof ACCOUNT_OPERATION_TYPES)[number];

export interface AccountBalances {
  balanceCents: number;
  realBalanceCents: number;
}

export interface LedgerMovement {
  type: AccountOperationType;
  amountCents: number;
}

/** How a movement of +1 centavo changes each balance. */
export const LEDGER_EFFECTS: Record<AccountOperationType, { balance: -1 | 0 | 1; real: -1 | 0 | 1 }> = {
  MANUAL_WITHDRAWAL: { balance: -1, real: -1 },
  DEPOSIT: { balance: 1, real: 1 },
  VIRTUAL_WITHDRAWAL: { balance: -1, real: 0 },
  WITHDRAWAL: { balance: 0, real: -1 },
  RELEASE: { balance: 1, real: 0 },
  PAYMENT_DEPOSIT: { balance: 1, real: 1 },
};

/** Largest balance an account may hold: JSON numbers stay exact below 2^53 centavos. */
export const MAX_BALANCE_CENTS = Number.MAX_SAFE_INTEGER;

export type LedgerRefusal =
  /** Not a positive whole number of centavos. */
  | { kind: 'invalidAmount' }
  /** Takes more than is available (Retiro, Reserva). */
  | { kind: 'insufficientBalance'; availableCents: number }
  /** Delivers or releases more than is reserved (Entrega, Liberación). */
  | { kind: 'exceedsReserved'; reservedCents: number }
  /** The balance would no longer be an exact number. */
  | { kind: 'tooLarge' };

export type LedgerResult = { ok: true; balances: AccountBalances } | { ok: false; refusal: LedgerRefusal };

/** The balances after `movement`, or why it is refused. The only place where the effects are applied. */
export function applyMovement(current: AccountBalances, movement: LedgerMovement): LedgerResult {
  const x = movement.amountCents;
  if (!Number.isSafeInteger(x) || x <= 0) return { ok: false, refusal: { kind: 'invalidAmount' } };
  const effect = LEDGER_EFFECTS[movement.type];
  if (!effect) throw new Error(`Tipo de operación desconocido: ${String(movement.type)}`);
  const reservedCents = current.realBalanceCents - current.balanceCents;
  if (effect.balance < 0 && x > current.balanceCents) {
    return { ok: false, refusal: { kind: 'insufficientBalance', availableCents: current.balanceCents } };
  }
  // Entrega and Liberación shrink the reservations (real − balance): never below zero.
  if (effect.real - effect.balance < 0 && x > reservedCents) {
    return { ok: false, refusal: { kind: 'exceedsReserved', reservedCents } };
  }
  const balances = {
    balanceCents: current.balanceCents + effect.balance * x,
    realBalanceCents: current.realBalanceCents + effect.real * x,
  };
  if (balances.balanceCents > MAX_BALANCE_CENTS || balances.realBalanceCents > MAX_BALANCE_CENTS) {
    return { ok: false, refusal: { kind: 'tooLarge' } };
  }
  return { ok: true, balances };
}

/** The signed change of each balance a transaction of `type` and `amountCents` made (for checks). */
export function movementDelta(movement: LedgerMovement): { balanceCents: number; realBalanceCents: number } {
  const effect = LEDGER_EFFECTS[movement.type];
  return {
    balanceCents: effect.balance * movement.amountCents,
    realBalanceCents: effect.real * movement.amountCents,
  };
}
