import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MISMATCH,
  PASSWORD_RESET_TOKEN_MESSAGE,
  passwordResetForm,
  passwordResetParams,
  passwordResetRequest,
} from './password-reset.ts';

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

  it('a token is 43 base64url characters; anything else is a link cut short', () => {
    for (const token of ['A'.repeat(43), `${'-_'.repeat(21)}z`]) {
      expect(passwordResetParams.safeParse({ token }).success).toBe(true);
    }
    for (const token of ['A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}+`, '']) {
      expect(messagesOf(passwordResetParams.safeParse({ token }))).toEqual({
        token: PASSWORD_RESET_TOKEN_MESSAGE,
      });
    }
  });
});
