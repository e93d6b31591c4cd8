import { ROLES } from './labels.ts';
import { isTrivialPin, TRIVIAL_PIN_MESSAGE } from './pin.ts';
import { requiredText } from './text.ts';
import { z } from './zod.ts';

/** E-mail usernames: trimmed and lowercased before anything else (docs/product.md §2 "Login"). */
export const username = z
  .string({ error: 'El usuario es requerido' })
  .trim()
  .toLowerCase()
  .pipe(z.string().min(1, 'El usuario es requerido').max(120, 'El usuario es demasiado largo'))
  .pipe(z.email({ error: 'El usuario debe ser un correo electrónico válido' }));

export const loginRequest = z.object({
  username: z
    .string({ error: 'El usuario es requerido' })
    .trim()
    .toLowerCase()
    .pipe(z.string().min(1, 'El usuario es requerido').max(120)),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, 'La contraseña es requerida').max(128),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** Reply of login and token refresh (docs/product.md §7 "Authentication"). */
export const loginReply = z.object({
  userId: z.string(),
  roles: z.array(z.enum(ROLES)),
  name: z.string(),
  lastName: z.string(),
  username: z.string(),
  access_token: z.string(),
  businessTimeZone: z
    .string()
    .describe(
      'Zona horaria del negocio (TZ_BUSINESS, nombre IANA): la aplicación muestra en ella las fechas ' +
        'de negocio y el día de hoy.',
    ),
});
export type LoginReply = z.infer<typeof loginReply>;

export const password = z
  .string({ error: 'La contraseña es requerida' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(128, 'La contraseña es demasiado larga');

const PIN_SHAPE = /^\d{4,6}$/;
export const pin = z
  .string({ error: 'El PIN es requerido' })
  .regex(PIN_SHAPE, 'El PIN debe ser de 4 a 6 dígitos')
  // Only a PIN of the right shape is judged, so a wrong one gets the shape's message alone.
  .refine((value) => !PIN_SHAPE.test(value) || !isTrivialPin(value), TRIVIAL_PIN_MESSAGE);

export const firstName = requiredText({ label: 'El nombre', max: 80 });
export const lastName = requiredText({ label: 'Los apellidos', plural: true, max: 80 });

/** First-run registration of the first administrator (`/auth/register`). */
export const registerRequest = z.object({
  name: firstName,
  lastName,
  username,
  password,
  pin,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** `POST /api/v1/auth/logout`: the session of the token sent has ended on every server. */
export const logoutReply = z.object({ signedOut: z.literal(true) });
export type LogoutReply = z.infer<typeof logoutReply>;

export const registrationStatus = z.object({ open: z.boolean() });
export type RegistrationStatus = z.infer<typeof registrationStatus>;
