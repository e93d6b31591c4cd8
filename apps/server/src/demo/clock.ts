import { zonedInstant } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Back-dating for the demo history. The seed drives the real services (they stamp rows with `now()` /
 * `clock_timestamp()`), one business action at a time, in the order the simulated days and hours
 * happen. Each action runs in a window of real time; at the end of a simulated day every timestamp
 * written inside a window is moved by the same amount, so the window begins at the action's simulated
 * instant ("Tuesday 11:40"). Within a window the real order and spacing are kept, windows never overlap
 * after the move, and actions run in simulated order, so every ordering the services rely on — the
 * ledger's (created_on, id), a payment decided after it was registered — holds in the moved history.
 */

/** Every timestamp column the services write (the tables holding business history). */
const TIMESTAMP_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  users: ['created_on', 'updated_on'],
  customers: ['created_on', 'updated_on'],
  addresses: ['created_on'],
  bank_accounts: ['created_on', 'updated_on'],
  account_transactions: ['created_on'],
  loans: ['created_on', 'updated_on', 'approved_on', 'activated_on'],
  scheduled_payments: ['paid_on'],
  fees: ['created_on', 'cancelled_on'],
  payments: ['created_on', 'decided_on', 'collected_at'],
  payment_attachments: ['created_on'],
  audit_log: ['at'],
};

/** Timestamps the audit snapshots carry (as ISO strings, milliseconds) besides the row's own `at`. */
const AUDIT_TIMESTAMP_KEYS = ['approvedOn', 'activatedOn', 'decidedOn', 'createdOn', 'collectedAt'] as const;

interface Window {
  /** Real start, microseconds since the epoch on the database clock. */
  startUs: number;
  /** Simulated start, milliseconds since the epoch. */
  targetMs: number;
}

/** SQL NULL stays NULL (not the JSON value null). */
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Microseconds since the epoch on this process's clock. */
const processMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

/**
 * Window edges are read from this process's clock, corrected by its offset from the database clock
 * (measured once a day: asking the database at every action would cost a query each). A row written
 * within a few milliseconds of an edge may be counted in the neighbouring window; it then gets that
 * action's moment, and the order of everything is still kept, because consecutive windows stay
 * consecutive after the move.
 */
export class SimulatedClock {
  private windows: Window[] = [];
  private lastEndMs = 0;
  private offsetUs: number | undefined;
  /** Real writes of the seed all happen after this (its start); older values are history already. */
  private readonly sinceUs = processMicros() - 1_000_000;

  constructor(
    private readonly db: AppDb,
    private readonly timeZone: string,
    /** Nothing is simulated at or after this instant (it is "now" for the demo). */
    private readonly nowMs: number,
  ) {}

  private async databaseOffsetUs(): Promise<number> {
    const before = processMicros();
    const [row] = rowsOf<{ us: string }>(
      await this.db.execute(
        sql`select (extract(epoch from clock_timestamp()) * 1000000)::bigint::text as us`,
      ),
    );
    const after = processMicros();
    return Number(row?.us) - Math.round((before + after) / 2);
  }

  /**
   * Runs `work` as the action of (date, minute), later than the previous action. Returns false (and
   * runs nothing) when that moment is not yet past: the demo's last day stops at the real time it is
   * seeded.
   */
  async run(date: string, minuteOfDay: number, work: () => Promise<void>): Promise<boolean> {
    const targetMs = Math.max(
      zonedInstant(date, 0, minuteOfDay, this.timeZone).getTime(),
      this.lastEndMs + 1_000,
    );
    if (targetMs > this.nowMs - 60_000) return false;
    this.offsetUs ??= await this.databaseOffsetUs();
    const startUs = processMicros() + this.offsetUs;
    this.windows.push({ startUs, targetMs });
    await work();
    this.lastEndMs = targetMs + Math.ceil((processMicros() + this.offsetUs - startUs) / 1000);
    return true;
  }

  /** Moves everything the day's actions wrote to their simulated instants. */
  async endDay(): Promise<void> {
    const windows = this.windows;
    this.windows = [];
    this.offsetUs = undefined;
    if (windows.length === 0) return;
    // Contiguous: a window ends where the next begins; the first reaches back to the seed's start and
    // the last has no end, so nothing written today is left behind.
    const closed = windows.map((w, i) => ({
      startUs: i === 0 ? this.sinceUs : w.startUs,
      stopUs: windows[i + 1]?.startUs ?? Number.MAX_SAFE_INTEGER,
      shiftUs: w.targetMs * 1000 - w.startUs,
    }));
    const firstUs = closed[0]?.startUs ?? 0;
    const values = sql.join(
      closed.map(
        (w) => sql`(${String(w.startUs)}::bigint, ${String(w.stopUs)}::bigint, ${String(w.shiftUs)}::bigint)`,
      ),
      sql`, `,
    );
    const since = sql`timestamptz 'epoch' + ${String(firstUs)}::bigint * interval '1 microsecond'`;

    // One statement for every table (a data-modifying CTE each): a column's value moves with the
    // window it falls in; values outside today's windows (older history, NULLs) stay as they are.
    const updates = Object.entries(TIMESTAMP_COLUMNS).map(([name, columns], i) => {
      const table = sql.identifier(name);
      const moved = (column: string) => {
        const value = sql`${table}.${sql.identifier(column)}`;
        return sql`${sql.identifier(column)} = ${value} + coalesce(
          (select w.shift from w where ${value} >= w.since and ${value} < w.until), interval '0')`;
      };
      const touched = sql.join(
        columns.map((column) => sql`${table}.${sql.identifier(column)} >= ${since}`),
        sql` or `,
      );
      return sql`${sql.identifier(`moved_${i}`)} as (
        update ${table} set ${sql.join(columns.map(moved), sql`, `)} where ${touched} returning 1)`;
    });
    await this.db.transaction(async (tx) => {
      await this.moveAuditSnapshots(tx as unknown as AppDb, closed, firstUs);
      await tx.execute(sql`
        with w(since, until, shift) as (
          select timestamptz 'epoch' + v.start_us * interval '1 microsecond',
                 timestamptz 'epoch' + v.stop_us * interval '1 microsecond',
                 v.shift_us * interval '1 microsecond'
            from (values ${values}) as v(start_us, stop_us, shift_us)),
        ${sql.join(updates, sql`, `)}
        select 1`);
    });
  }

  /**
   * Audit snapshots hold some timestamps as ISO strings in milliseconds (`approvedOn`, `decidedOn`…).
   * Each one written today moves with its window. A snapshot's timestamp is nearly always its own
   * row's instant (`now()` of the same transaction, as `at`): then it moves exactly as `at` does. Any
   * other (an earlier action's, e.g. `approvedOn` in a cancellation) is looked up by its millisecond;
   * when a window starts within that millisecond, the later window wins (values are stamped as an
   * action begins, not as the previous one ends).
   */
  private async moveAuditSnapshots(
    db: AppDb,
    windows: readonly { startUs: number; stopUs: number; shiftUs: number }[],
    firstUs: number,
  ): Promise<void> {
    const keys = sql.raw(`array[${AUDIT_TIMESTAMP_KEYS.map((k) => `'${k}'`).join(', ')}]`);
    const rows = rowsOf<{ id: string; at_us: string; before: unknown; after: unknown }>(
      await db.execute(sql`
        select id, (extract(epoch from at) * 1000000)::bigint::text as at_us, before, after from audit_log
         where at >= timestamptz 'epoch' + ${String(firstUs)}::bigint * interval '1 microsecond'
           and (jsonb_exists_any(before, ${keys}) or jsonb_exists_any(after, ${keys}))`),
    );
    const windowOfMicros = (us: number) => windows.find((w) => w.startUs <= us && us < w.stopUs);
    const windowOfMillis = (ms: number) =>
      windows.findLast((w) => Math.floor(w.startUs / 1000) <= ms && ms <= Math.floor(w.stopUs / 1000));
    let atUs = 0;
    const moveValue = (value: unknown): unknown => {
      if (typeof value !== 'string') return value;
      const ms = Date.parse(value);
      if (Number.isNaN(ms)) return value;
      const window = ms === Math.floor(atUs / 1000) ? windowOfMicros(atUs) : windowOfMillis(ms);
      return window ? new Date(ms + Math.round(window.shiftUs / 1000)).toISOString() : value;
    };
    const moveSnapshot = (snapshot: unknown): unknown => {
      if (!snapshot || typeof snapshot !== 'object') return snapshot;
      const copy = { ...(snapshot as Record<string, unknown>) };
      for (const key of AUDIT_TIMESTAMP_KEYS) if (key in copy) copy[key] = moveValue(copy[key]);
      return copy;
    };
    const changed = rows.flatMap((row) => {
      atUs = Number(row.at_us);
      const before = moveSnapshot(row.before);
      const after = moveSnapshot(row.after);
      const same =
        JSON.stringify(before) === JSON.stringify(row.before) &&
        JSON.stringify(after) === JSON.stringify(row.after);
      return same ? [] : [{ id: row.id, before, after }];
    });
    if (changed.length === 0) return;
    const values = sql.join(
      changed.map((c) => sql`(${c.id}::uuid, ${jsonOrNull(c.before)}::jsonb, ${jsonOrNull(c.after)}::jsonb)`),
      sql`, `,
    );
    await db.execute(sql`
      update audit_log a set before = v.before, after = v.after
        from (values ${values}) as v(id, before, after)
       where a.id = v.id`);
  }
}
