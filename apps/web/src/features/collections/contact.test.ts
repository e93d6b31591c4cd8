import { NO_BUSINESS_SETTINGS } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import {
  addressLine,
  dueChip,
  mapsLink,
  nationalDigits,
  receiptMessage,
  reminderMessage,
  statementUrl,
  telLink,
  whatsappLink,
} from './contact.ts';
import { card, fine, installment } from './test/fixtures.ts';

const ORIGIN = 'https://cobranza.prestaya.mx';

/** The text a wa.me link carries. */
const textOf = (link: string | null) => new URL(link ?? '').searchParams.get('text');

describe('contact links', () => {
  it('dials and chats with the 10-digit Mexican number, with or without its country code', () => {
    expect(telLink('5512345678')).toBe('tel:+525512345678');
    expect(telLink('55 1234-5678')).toBe('tel:+525512345678');
    expect(nationalDigits('+52 55 1234 5678')).toBe('5512345678');
    expect(whatsappLink('5512345678', 'Hola')).toBe('https://wa.me/525512345678?text=Hola');
    // Not a number to dial: no link rather than a wrong one.
    expect(telLink('12345')).toBeNull();
    expect(whatsappLink('', 'Hola')).toBeNull();
  });

  it('searches the whole address on the map, encoded', () => {
    const address = card(1).address;
    if (!address) throw new Error('the fixture has an address');
    expect(addressLine({ ...address, numInterior: '3' })).toBe(
      'Av. Juárez 101 int. 3, Centro, C.P. 06000, Cuauhtémoc, Ciudad de México',
    );
    const link = mapsLink(address);
    expect(link).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Av. Juárez 101, Centro, C.P. 06000, Cuauhtémoc, Ciudad de México')}`,
    );
    expect(new URL(link ?? '').searchParams.get('query')).toBe(
      'Av. Juárez 101, Centro, C.P. 06000, Cuauhtémoc, Ciudad de México',
    );
    expect(mapsLink(null)).toBeNull();
  });

  it('links the borrower’s public statement page', () => {
    expect(statementUrl(ORIGIN, 'abc-123')).toBe(`${ORIGIN}/loans/abc-123`);
  });
});

const BUSINESS = { ...NO_BUSINESS_SETTINGS, name: 'Préstamos Don Beto', phone: '5587654321' };

describe('reminder message', () => {
  it('names the customer, the amount due, the due date, the loan number and the statement link', () => {
    const today = card(1, {
      due: { scheduledPayments: [installment(3, '2026-03-18', 1_000.5)], fees: [fine(1)], total: 0 },
    });
    const text = reminderMessage(today, ORIGIN, BUSINESS);
    expect(text).toBe(
      'Hola Cliente1 Ruiz, le saluda Préstamos Don Beto. Le recordamos su pago de $1,050.50 del préstamo No. 1001, ' +
        `que vence hoy 18/03/2026. Consulte su estado de cuenta: ${ORIGIN}/loans/${today.loan.id} ` +
        'Dudas o aclaraciones: 55 8765 4321. Gracias.',
    );
    // Through wa.me the text arrives whole, accents and symbols included.
    expect(textOf(whatsappLink(today.customer.phone, text))).toBe(text);
  });

  it('names no business and no number while none is set: nothing made up', () => {
    const today = card(1, {
      due: { scheduledPayments: [installment(3, '2026-03-18', 1_000.5)], fees: [fine(1)], total: 0 },
    });
    for (const business of [undefined, NO_BUSINESS_SETTINGS]) {
      expect(reminderMessage(today, ORIGIN, business)).toBe(
        'Hola Cliente1 Ruiz. Le recordamos su pago de $1,050.50 del préstamo No. 1001, ' +
          `que vence hoy 18/03/2026. Consulte su estado de cuenta: ${ORIGIN}/loans/${today.loan.id} Gracias.`,
      );
    }
    // Only a WhatsApp number: that one.
    expect(reminderMessage(today, ORIGIN, { ...NO_BUSINESS_SETTINGS, whatsapp: '5511223344' })).toContain(
      'Dudas o aclaraciones: 55 1122 3344. Gracias.',
    );
  });

  it('says since when an installment is late, which day of the week it falls, or that only fines are due', () => {
    const late = card(2, { oldestDueDate: '2026-03-11', daysLate: 7 });
    expect(reminderMessage(late, ORIGIN)).toContain('vencido desde el 11/03/2026.');
    const later = card(3, {
      due: { scheduledPayments: [installment(4, '2026-03-20')], fees: [], total: 0 },
      daysLate: -2,
    });
    expect(reminderMessage(later, ORIGIN)).toContain('que vence el viernes 20/03/2026.');
    const finesOnly = card(4, { due: { scheduledPayments: [], fees: [fine(1), fine(2)], total: 0 } });
    expect(reminderMessage(finesOnly, ORIGIN)).toContain(
      '$100.00 del préstamo No. 1004, por multas pendientes.',
    );
  });
});

describe('receipt message', () => {
  const facts = {
    customer: card(1).customer,
    loan: { id: 'loan-1', num: 1001 },
    folio: '1001-0A1B2C3D',
    amount: 1_050,
  };

  it('carries the folio, the amount, the remaining balance and the statement link', () => {
    expect(receiptMessage({ ...facts, remaining: 10_000 }, ORIGIN, BUSINESS)).toBe(
      'Hola Cliente1 Ruiz, Préstamos Don Beto recibió su pago en efectivo de $1,050.00 del préstamo No. 1001. ' +
        `Folio: 1001-0A1B2C3D. Saldo restante: $10,000.00. Estado de cuenta: ${ORIGIN}/loans/loan-1 ` +
        'Dudas o aclaraciones: 55 8765 4321. Gracias por su pago.',
    );
    expect(receiptMessage({ ...facts, remaining: 10_000 }, ORIGIN)).toBe(
      'Hola Cliente1 Ruiz, recibimos su pago en efectivo de $1,050.00 del préstamo No. 1001. ' +
        `Folio: 1001-0A1B2C3D. Saldo restante: $10,000.00. Estado de cuenta: ${ORIGIN}/loans/loan-1 Gracias por su pago.`,
    );
  });

  it('leaves the balance out rather than guessing it when it could not be read', () => {
    const text = receiptMessage({ ...facts, remaining: null }, ORIGIN);
    expect(text).not.toContain('Saldo');
    expect(text).toContain('Folio: 1001-0A1B2C3D.');
  });
});

describe('due chip', () => {
  it('reads Vence hoy, Atrasado N días, a day later this week, or Multas pendientes', () => {
    expect(dueChip({ oldestDueDate: '2026-03-18', daysLate: 0 })).toEqual({
      label: 'Vence hoy',
      color: 'orange',
    });
    expect(dueChip({ oldestDueDate: '2026-03-17', daysLate: 1 }).label).toBe('Atrasado 1 día');
    expect(dueChip({ oldestDueDate: '2026-03-04', daysLate: 14 })).toEqual({
      label: 'Atrasado 14 días',
      color: 'red',
    });
    expect(dueChip({ oldestDueDate: '2026-03-20', daysLate: -2 }).label).toBe('Vence el viernes 20');
    expect(dueChip({ oldestDueDate: null, daysLate: 0 }).label).toBe('Multas pendientes');
  });
});
