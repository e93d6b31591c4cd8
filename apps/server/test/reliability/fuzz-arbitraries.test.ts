import { isoDate, paymentRequest, publicPaymentRequest } from '@prestaya/contracts';
import { MAX_PAYMENT_FEES, MAX_PAYMENT_INSTALLMENTS } from '@prestaya/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakerFor } from './fuzz/breakers.ts';

/**
 * The fuzz suite asserts every generated write is refused, so a breaker that yields a valid value
 * turns CI red on a correct server (a "broken" feeIds: [] is still a valid list, and the public payment
 * is rightly accepted). Checked here against the contracts, without a server.
 */
describe('fuzz breakers', () => {
  it('a broken date is refused by the one date schema, boundary dates included', () => {
    fc.assert(
      fc.property(breakerFor({ kind: 'date', optional: true }), (broken) => {
        expect(isoDate.optional().safeParse(broken).success).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  const installment = '0196a000-0000-7000-8000-000000000001';
  const schemas = {
    staff: { schema: paymentRequest, method: 'CASH' },
    public: { schema: publicPaymentRequest, method: 0 },
  };
  for (const [side, { schema, method }] of Object.entries(schemas)) {
    const bounds = { scheduledPaymentIds: MAX_PAYMENT_INSTALLMENTS, feeIds: MAX_PAYMENT_FEES };
    for (const [field, max] of Object.entries(bounds)) {
      it(`a broken id list in ${field} is refused by the ${side} payment request`, () => {
        const valid = { scheduledPaymentIds: [installment], feeIds: [], paymentMethod: method };
        expect(schema.safeParse(valid).success).toBe(true);
        fc.assert(
          fc.property(breakerFor({ kind: 'uuids', max }), (broken) => {
            expect(schema.safeParse({ ...valid, [field]: broken }).success).toBe(false);
          }),
          { numRuns: 2_000 },
        );
      });
    }
  }
});
