import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  type RefusalEntry,
  tooManyRequests,
  unauthorized,
} from './status.ts';

/** Signing in, password links and the rules about people's accounts (modules/auth, modules/users). */
export const USER_REFUSALS = {
  'auth.login_failed': unauthorized('Usuario y/o contraseña incorrecta'),
  'auth.too_many_attempts': tooManyRequests('Demasiados intentos. Intente de nuevo en un minuto.'),
  'auth.account_throttled': tooManyRequests(
    'Demasiados intentos fallidos para esta cuenta. Intente de nuevo en {minutes} min, o desde el equipo donde ya inició sesión antes.',
  ),
  'auth.registration_closed': forbidden('Las cuentas son creadas por un administrador'),
  'user.not_found': notFound('Usuario no encontrado'),
  'user.reset_link_cancelled': conflict(
    'No se puede generar un enlace para un usuario cancelado; reactívelo primero',
  ),
  // Unknown, malformed, used, expired or of a cancelled user: one answer, so none of them is revealed.
  'password_reset.invalid_link': notFound(
    'Este enlace para restablecer la contraseña no es válido o ya no está vigente. Pide a un administrador uno nuevo.',
  ),
  'user.duplicate_username': conflict('Ya existe un usuario con ese correo', 'username'),
  'user.last_admin': conflict('Debe quedar al menos un administrador activo'),
  'user.cannot_cancel_self': badRequest('No puede cancelar su propia cuenta', 'status'),
  'user.cannot_drop_own_admin': badRequest('No puede quitarse a sí mismo el rol de Administrador', 'roles'),
} satisfies Record<string, RefusalEntry>;
