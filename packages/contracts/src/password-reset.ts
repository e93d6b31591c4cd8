import { password } from './auth.ts';
import { staffName } from './common.ts';
import { z } from './zod.ts';

/**
 * Password recovery without e-mail: an administrator generates a one-time link for a user
 * (`POST /api/v1/users/{id}/password-reset`) and hands it over; whoever opens it sets a new password
 * (`/api/v1/auth/password-reset/{token}`). The link is valid for PASSWORD_RESET_HOURS, works once and
 * is shown only in the reply that creates it.
 */
export const PASSWORD_RESET_HOURS = 24;

/** The web page the link opens; the token is its last segment. */
export const PASSWORD_RESET_PAGE = '/auth/reset';

/** A link's token: 32 random bytes in base64url, 43 characters without padding. */
export const PASSWORD_RESET_TOKEN_LENGTH = 43;
export const PASSWORD_RESET_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A token of another shape is no token of ours: most likely the link was cut short when copied. */
export const PASSWORD_RESET_TOKEN_MESSAGE = 'El enlace está incompleto o mal copiado';

/**
 * The token in the path. A well-formed token that does not open (unknown, used, expired) is a 404 with
 * one message for all, so the reply never says which.
 */
export const passwordResetParams = z.object({
  token: z
    .string()
    // The length first and alone (abort): one message however the token is wrong.
    .length(PASSWORD_RESET_TOKEN_LENGTH, { error: PASSWORD_RESET_TOKEN_MESSAGE, abort: true })
    .regex(PASSWORD_RESET_TOKEN_SHAPE, PASSWORD_RESET_TOKEN_MESSAGE),
});

/** `POST /api/v1/users/{id}/password-reset` (201): the link's path (relative to the site) and its end. */
export const passwordResetLink = z.object({
  userId: z.string(),
  /** `/auth/reset/<token>`: shown once, never retrievable again. */
  path: z.string(),
  /** ISO instant. */
  expiresOn: z.string(),
});
export type PasswordResetLink = z.infer<typeof passwordResetLink>;

/** `GET /api/v1/auth/password-reset/{token}`: whose password the link resets, and until when. */
export const passwordResetStatus = z.object({
  ...staffName,
  username: z.string(),
  expiresOn: z.string(),
});
export type PasswordResetStatus = z.infer<typeof passwordResetStatus>;

/** `POST /api/v1/auth/password-reset/{token}`: the new password, with the rules of every password. */
export const passwordResetRequest = z.object({ password });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** The reply of a reset: the username to sign in with. */
export const passwordResetDone = z.object({ username: z.string() });
export type PasswordResetDone = z.infer<typeof passwordResetDone>;

export const PASSWORD_MISMATCH = 'Las contraseñas no coinciden';

/** The page's form: the new password typed twice. Only `password` is sent. */
export const passwordResetForm = passwordResetRequest
  .extend({ confirm: z.string().max(128, 'La contraseña es demasiado larga') })
  .refine((form) => form.confirm === form.password, { message: PASSWORD_MISMATCH, path: ['confirm'] });
export type PasswordResetForm = z.infer<typeof passwordResetForm>;
