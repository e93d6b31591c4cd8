import { describe, expect, it } from 'vitest';
import { paymentReference } from './payment-reference.ts';
import { matchStatement, type PaymentInValidation, type StatementCredit } from './reconciliation-match.ts';

const line = (id: string, position: number, over: Partial<StatementCredit> = {}): StatementCredit => ({
  id,
  position,
  date: '2026-11-20',
  amountCents: 50_000,
  text: 'SPEI RECIBIDO',
  ...over,
});
const payment = (
  id: string,
  loanNum: number,
  over: Partial<PaymentInValidation> = {},
): PaymentInValidation => ({
  id,
  loanNum,
  date: '2026-11-20',
  amountCents: 50_000,
  ...over,
});

describe('matchStatement', () => {
  it('needs an equal amount and a date within the window (default ±3 days)', () => {
    const lines = [
      line('L1', 1, { date: '2026-11-23' }),
      line('L2', 2, { date: '2026-11-24', amountCents: 60_000 }),
    ];
    const payments = [payment('P1', 1000), payment('P2', 1001, { amountCents: 60_000 })];
    expect(matchStatement(lines, payments)).toEqual([
      { lineId: 'L1', paymentId: 'P1', confidence: 'MEDIUM' },
    ]);
    expect(matchStatement(lines, payments, 4)).toHaveLength(2);
    expect(matchStatement([line('L1', 1, { amountCents: 50_001 })], payments)).toEqual([]);
  });

  it('rates a valid reference HIGH, a loan number MEDIUM, a unique pair MEDIUM, the ambiguous LOW', () => {
    const lines = [
      line('A', 1, { text: `PAGO ${paymentReference(1002)}` }),
      line('B', 2, { text: 'PRESTAMO 1001' }),
      line('C', 3, { amountCents: 70_000 }),
      line('D', 4, { amountCents: 80_000 }),
      line('E', 5, { amountCents: 80_000 }),
    ];
    const payments = [
      payment('P0', 1000),
      payment('P1', 1001),
      payment('P2', 1002),
      payment('P3', 1003, { amountCents: 70_000 }),
      payment('P4', 1004, { amountCents: 80_000 }),
      payment('P5', 1005, { amountCents: 80_000 }),
    ];
    expect(matchStatement(lines, payments)).toEqual([
      { lineId: 'A', paymentId: 'P2', confidence: 'HIGH' },
      { lineId: 'B', paymentId: 'P1', confidence: 'MEDIUM' },
      { lineId: 'C', paymentId: 'P3', confidence: 'MEDIUM' },
      { lineId: 'D', paymentId: 'P4', confidence: 'LOW' },
      { lineId: 'E', paymentId: 'P5', confidence: 'LOW' },
    ]);
  });

  it('a wrong check digit is no reference', () => {
    const wrong = `${paymentReference(1000).slice(0, -1)}9`;
    const [match] = matchStatement([line('L', 1, { text: wrong })], [payment('P', 1000), payment('Q', 1001)]);
    expect(match?.confidence).toBe('LOW');
  });

  it('uses each line and each payment once, nearest date first, deterministically', () => {
    const lines = [line('L1', 1, { date: '2026-11-22' }), line('L2', 2, { date: '2026-11-20' })];
    const payments = [payment('P1', 1000)];
    const matches = matchStatement(lines, payments);
    expect(matches).toEqual([{ lineId: 'L2', paymentId: 'P1', confidence: 'LOW' }]);
    expect(matchStatement([...lines].reverse(), [...payments])).toEqual(matches);
    const twoForOne = matchStatement(
      [line('L1', 1, { text: paymentReference(1000) }), line('L2', 2, { text: paymentReference(1000) })],
      [payment('P1', 1000)],
    );
    expect(twoForOne).toHaveLength(1);
  });
});
