import { describe, expect, it } from 'vitest';
import { accountMovement, bankAccountCreate, isValidClabe } from './bank-accounts.ts';

describe('CLABE', () => {
  it('accepts a CLABE whose check digit matches and refuses one that does not', () => {
    // 002010077777777771: Banxico's published example (Banamex).
    expect(isValidClabe('002010077777777771')).toBe(true);
    expect(isValidClabe('002010077777777772')).toBe(false);
    expect(isValidClabe('00201007777777777')).toBe(false);
  });

  it('validates the account form with Spanish messages; card and CLABE may be blank', () => {
    const ok = bankAccountCreate.parse({
      name: 'Caja',
      bankName: 'Efectivo',
      customerName: 'PrestaYa',
      clabe: '',
    });
    expect(ok).toMatchObject({ clabe: null, cardNumber: null, balance: 0 });
    const bad = bankAccountCreate.safeParse({
      name: 'BBVA',
      bankName: 'BBVA',
      customerName: 'X',
      cardNumber: '1234',
      clabe: '002010077777777772',
      balance: -1,
    });
    const messages = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'cardNumber: La tarjeta debe ser de 16 dígitos',
      'clabe: La CLABE no es válida (dígito verificador incorrecto)',
      'balance: El saldo inicial no puede ser negativo',
    ]);
  });

  it('accepts exactly one of withdrawal or deposit, positive, with a reason', () => {
    expect(accountMovement.safeParse({ withdrawal: 100, reason: 'Gasolina' }).success).toBe(true);
    expect(accountMovement.safeParse({ deposit: 0.01, reason: 'x' }).success).toBe(true);
    expect(accountMovement.safeParse({ withdrawal: 0, reason: 'x' }).success).toBe(false);
    expect(accountMovement.safeParse({ withdrawal: 10, deposit: 10, reason: 'x' }).success).toBe(false);
    expect(accountMovement.safeParse({ deposit: 10 }).success).toBe(false);
  });
});
