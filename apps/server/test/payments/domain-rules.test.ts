import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffImageType } from '../../src/domain/image-sniff.ts';
import { installmentStatusAfterRejection, loanStanding } from '../../src/domain/loan-balance.ts';
import {
  checkPaymentSelection,
  type PayableFee,
  type PayableInstallment,
  type PaymentSelection,
} from '../../src/domain/payment-rules.ts';
import { refuse } from '../../src/http/refusals.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', 'fixtures', name));

/** Pure rules of the payments feature: loan standing, payment selection, image sniffing. */

const TODAY = '2025-03-10';

const inst = (n: number, status: string, dueDate: string, amountCents = 100_000) => ({
  id: `i${n}`,
  paymentNumber: n,
  amountCents,
  status,
  dueDate,
  concept: `Pago ${n} de 12`,
});

describe('loanStanding', () => {
  it('owes every unpaid installment and pending or validating fee; real amount leaves out cancelled fees', () => {
    const standing = loanStanding(
      [inst(1, 'PAID', '2025-03-01'), inst(2, 'VALIDATING', '2025-03-08'), inst(3, 'PENDING', '2025-03-15')],
      [
        { amountCents: 5_000, status: 'PAID' },
        { amountCents: 5_000, status: 'VALIDATING' },
        { amountCents: 5_000, status: 'PENDING' },
        { amountCents: 5_000, status: 'CANCELLED' },
      ],
      TODAY,
    );
    expect(standing).toEqual({
      currentRealAmountCents: 300_000 + 15_000,
      currentBalanceCents: 200_000 + 10_000,
      // installment 2 is past due and not paid (validating still owes)
      status: 'DELAYED',
    });
  });

  it('is ACTIVE while nothing unpaid is past due, DELAYED once something is (or is marked DELAYED)', () => {
    const future = [inst(1, 'PAID', '2025-03-01'), inst(2, 'PENDING', TODAY)];
    expect(loanStanding(future, [], TODAY).status).toBe('ACTIVE');
    expect(loanStanding(future, [], '2025-03-11').status).toBe('DELAYED');
    expect(loanStanding([inst(1, 'DELAYED', '2025-03-20')], [], TODAY).status).toBe('DELAYED');
  });

  it('is PAID only when every installment is PAID and no fee is PENDING or VALIDATING', () => {
    const paid = [inst(1, 'PAID', '2025-01-01'), inst(2, 'PAID', '2025-01-08')];
    expect(loanStanding(paid, [{ amountCents: 5_000, status: 'CANCELLED' }], TODAY)).toEqual({
      currentRealAmountCents: 200_000,
      currentBalanceCents: 0,
      status: 'PAID',
    });
    expect(loanStanding(paid, [{ amountCents: 5_000, status: 'PENDING' }], TODAY).status).toBe('ACTIVE');
    expect(loanStanding(paid, [{ amountCents: 5_000, status: 'VALIDATING' }], TODAY).status).toBe('ACTIVE');
    expect(loanStanding([], [], TODAY).status).toBe('ACTIVE');
  });

  it('sends a rejected installment back to DELAYED when past due, else PENDING', () => {
    expect(installmentStatusAfterRejection('2025-03-09', TODAY)).toBe('DELAYED');
    expect(installmentStatusAfterRejection(TODAY, TODAY)).toBe('PENDING');
  });
});

describe('checkPaymentSelection', () => {
  const installments: PayableInstallment[] = [
    inst(1, 'PAID', '2025-02-01'),
    inst(2, 'DELAYED', '2025-02-08'),
    inst(3, 'PENDING', '2025-03-15'),
    inst(4, 'PENDING', '2025-03-22'),
  ];
  const fees: PayableFee[] = [
    { id: 'f1', amountCents: 5_000, status: 'PENDING', concept: 'Multa por atraso · Pago 2' },
    { id: 'f2', amountCents: 5_000, status: 'PENDING', concept: 'Multa por atraso · Pago 2' },
    { id: 'f0', amountCents: 5_000, status: 'CANCELLED', concept: 'Multa por atraso · Pago 2' },
  ];
  const base: PaymentSelection = {
    loanStatus: 'DELAYED',
    installments,
    fees,
    scheduledPaymentIds: ['i2', 'i3'],
    feeIds: ['f1', 'f2'],
    paymentMethod: 'CASH',
    hasFile: false,
  };
  const refused = (overrides: Partial<PaymentSelection>) => {
    const result = checkPaymentSelection({ ...base, ...overrides });
    return result.ok ? undefined : [refuse(result.refusal).status, result.refusal];
  };

  it('computes the amount and lines: installments by number, then fees', () => {
    const result = checkPaymentSelection({ ...base, scheduledPaymentIds: ['i3', 'i2', 'i3'] });
    expect(result).toEqual({
      ok: true,
      amountCents: 210_000,
      lines: [
        { kind: 'installment', id: 'i2', concept: 'Pago 2 de 12', amountCents: 100_000 },
        { kind: 'installment', id: 'i3', concept: 'Pago 3 de 12', amountCents: 100_000 },
        { kind: 'fee', id: 'f1', concept: 'Multa por atraso · Pago 2', amountCents: 5_000 },
        { kind: 'fee', id: 'f2', concept: 'Multa por atraso · Pago 2', amountCents: 5_000 },
      ],
    });
    // Fees alone are a payment too.
    expect(checkPaymentSelection({ ...base, scheduledPaymentIds: [] })).toMatchObject({
      ok: true,
      amountCents: 10_000,
    });
  });

  it('refuses each rule with its status and refusal code', () => {
    expect(refused({ scheduledPaymentIds: [], feeIds: [] })).toEqual([400, 'payment.no_items']);
    expect(refused({ hasFile: true })).toEqual([400, 'payment.file_only_with_transfer']);
    expect(refused({ hasFile: true, paymentMethod: 'TRANSFER' })).toBeUndefined();
    expect(refused({ loanStatus: 'PAID' })).toEqual([409, 'payment.loan_not_payable']);
    expect(refused({ loanStatus: 'PENDING' })).toEqual([409, 'payment.loan_not_payable']);
    expect(refused({ scheduledPaymentIds: ['i2', 'other'] })).toEqual([400, 'payment.unknown_item']);
    expect(refused({ feeIds: ['f1', 'f2', 'fx'] })).toEqual([400, 'payment.unknown_item']);
    expect(refused({ scheduledPaymentIds: ['i1', 'i2'] })).toEqual([409, 'payment.already_taken']);
    expect(refused({ feeIds: ['f1', 'f2', 'f0'] })).toEqual([409, 'payment.not_payable']);
    expect(refused({ feeIds: ['f1'] })).toEqual([400, 'payment.all_pending_fees']);
    expect(refused({ scheduledPaymentIds: ['i3'] })).toEqual([400, 'payment.oldest_first']);
    expect(refused({ scheduledPaymentIds: ['i2', 'i4'] })).toEqual([400, 'payment.oldest_first']);
  });

  it('skips installments already in validation when deciding which are the oldest', () => {
    const validating = installments.map((i) => (i.id === 'i2' ? { ...i, status: 'VALIDATING' } : i));
    expect(
      checkPaymentSelection({ ...base, installments: validating, scheduledPaymentIds: ['i3'] }),
    ).toMatchObject({
      ok: true,
    });
    // …but the same items submitted again are the repeated submit: 409.
    expect(refused({ installments: validating })).toEqual([409, 'payment.already_taken']);
  });
});

describe('sniffImageType', () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v, 'latin1')] : [v])));

  it('recognises the committed fixtures by content', () => {
    expect(sniffImageType(fixture('proof.png'))).toBe('image/png');
    expect(sniffImageType(fixture('proof.jpg'))).toBe('image/jpeg');
    expect(sniffImageType(fixture('proof.webp'))).toBe('image/webp');
  });

  it('recognises HEIC/HEIF brands in the ftyp box', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']) {
      expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftyp', brand, 0, 0, 0, 0))).toBe('image/heic');
    }
    expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftyp', 'isom', 0, 0, 0, 0))).toBeUndefined(); // an MP4
  });

  it('refuses text, other formats and truncated signatures', () => {
    expect(sniffImageType(Buffer.from('esto no es una imagen, solo texto'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    expect(sniffImageType(bytes('GIF89a', 1, 0, 1, 0))).toBeUndefined();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a))).toBeUndefined();
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array(0))).toBeUndefined();
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(12);
  });
});
