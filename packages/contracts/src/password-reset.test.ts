import { describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH, passwordResetForm, passwordResetRequest } from './password-reset.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);

describe('password reset schemas', () => {
  it('applies the rules of every password to the new one', () => {
    expect(messagesOf(passwordResetRequest.safeParse({ password: 'corta' }))).toEqual({
      password: 'La contraseña debe tener al menos 8 caracteres',
    });
    expect(messagesOf(passwordResetRequest.safeParse({ password: 'x'.repeat(129) }))).toEqual({
      password: 'La contraseña es demasiado larga',
    });
    expect(passwordResetRequest.parse({ password: 'NuevaClave2026' })).toEqual({
      password: 'NuevaClave2026',
    });
  });

  it('the form asks for the same password twice and names the confirmation when they differ', () => {
    expect(
      messagesOf(passwordResetForm.safeParse({ password: 'NuevaClave2026', confirm: 'NuevaClave2027' })),
    ).toEqual({ confirm: PASSWORD_MISMATCH });
    expect(
      passwordResetForm.safeParse({ password: 'NuevaClave2026', confirm: 'NuevaClave2026' }).success,
    ).toBe(true);
  });
});
