import { describe, expect, it } from 'vitest';
import type { PendingPayment } from '../../lib/offline-queue.ts';
import { takenPayment } from '../../test/fixtures.ts';
import { withQueuedPayments } from './offline-day.ts';
import { dayOf } from './test/fixtures.ts';

const ZONE = 'America/Mexico_City';

/** A payment on the phone, taken at `createdAt` (UTC), 'pending' unless told. */
const onPhone = (n: number, createdAt: string, overrides: Partial<PendingPayment> = {}): PendingPayment => ({
  ...takenPayment(n, { amountCents: 33_333 }),
  createdAt,
  state: 'pending',
  ...overrides,
});

describe("the agent's corte without signal", () => {
  it('adds the queued cash of that business day to the cash to hand in, exactly in centavos', () => {
    const day = dayOf(); // 2026-03-09, cash $4,500.50 of 5 payments
    const merged = withQueuedPayments(
      day,
      [
        onPhone(2, '2026-03-09T20:00:00.000Z'),
        onPhone(1, '2026-03-09T16:10:00.000Z'),
        // 10 March 01:00 UTC is still 9 March (19:00) in Mexico City.
        onPhone(3, '2026-03-10T01:00:00.000Z', { amountCents: 1 }),
      ],
      ZONE,
    );
    expect(merged.queued.map((line) => line.key)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(merged.queued[0]).toEqual({
      key: 'key-1',
      createdAt: '2026-03-09T16:10:00.000Z',
      loanNum: 1001,
      customerName: 'Cliente 1',
      amount: 333.33,
    });
    expect(merged.queuedTotal).toBe(666.67);
    expect(merged.totals).toEqual({ ...day.totals, cash: 5_167.17, count: 8 });
    // The server's day itself is untouched.
    expect(merged.day).toBe(day);
  });

  it('leaves out refused payments and those of another business day', () => {
    const day = dayOf();
    const merged = withQueuedPayments(
      day,
      [
        onPhone(1, '2026-03-09T16:10:00.000Z', { state: 'refused', error: 'Ya está pagado' }),
        // 9 March 05:00 UTC is 8 March (23:00) in Mexico City.
        onPhone(2, '2026-03-09T05:00:00.000Z'),
        onPhone(3, '2026-03-10T18:00:00.000Z'),
      ],
      ZONE,
    );
    expect(merged.queued).toEqual([]);
    expect(merged.queuedTotal).toBe(0);
    expect(merged.totals).toEqual(day.totals);
  });
});
