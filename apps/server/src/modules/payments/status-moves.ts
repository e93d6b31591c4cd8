/** What a status machine's `transition(from, action)` answers, for any of the machines. */
type Move<S extends string> = { ok: true; to: S } | { ok: false };

/**
 * The ids of `rows` grouped by the status the machine moves each to, so one statement per target
 * status changes them all; rows the machine refuses to move are left out.
 */
export function movesOf<R extends { id: string }, S extends string>(
  rows: readonly R[],
  next: (row: R) => Move<S>,
): Map<S, string[]> {
  const moves = new Map<S, string[]>();
  for (const row of rows) {
    const move = next(row);
    if (!move.ok) continue;
    const ids = moves.get(move.to);
    if (ids) ids.push(row.id);
    else moves.set(move.to, [row.id]);
  }
  return moves;
}
