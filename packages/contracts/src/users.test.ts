import { describe, expect, it } from 'vitest';
import { loginRequest } from './auth.ts';
import { userCreate, userUpdate } from './users.ts';

const valid = {
  name: 'Ana',
  lastName: 'Gómez',
  username: '  Ana.Gomez@Example.COM ',
  password: 'secreto123',
  pin: '4826',
  roles: ['ROLE_USER'],
};

describe('user schemas', () => {
  it('trims and lowercases the e-mail username and defaults status to A', () => {
    const parsed = userCreate.parse(valid);
    expect(parsed.username).toBe('ana.gomez@example.com');
    expect(parsed.status).toBe('A');
    expect(loginRequest.parse({ username: ' X@Y.MX ', password: 'p' }).username).toBe('x@y.mx');
  });

  it('names the failing field with a Spanish message', () => {
    const r = userCreate.safeParse({ ...valid, password: 'corta', pin: '12', roles: [] });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byField.password).toBe('La contraseña debe tener al menos 8 caracteres');
    expect(byField.pin).toBe('El PIN debe ser de 4 a 6 dígitos');
    expect(byField.roles).toBe('Seleccione al menos un tipo de usuario');
  });

  it('keeps password and PIN optional on update', () => {
    const { password: _p, pin: _n, ...rest } = valid;
    expect(userUpdate.safeParse({ ...rest, status: 'CANCELLED' }).success).toBe(true);
  });
});
