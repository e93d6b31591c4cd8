import { envelope, idParams, pinLock, pinUnlockResult, z } from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { listPinLocks, unlockPin } from './unlock-pin.ts';

/**
 * PIN lockouts for administrators (registered inside usersRoutes, so ROLE_ADMIN only: 403 for agents).
 * `/pin-locks` is a static path: it wins over '/:id'.
 */
export const unlockPinRoutes = taggedRoutes('users', async (app, docs) => {
  app.get(
    '/pin-locks',
    docs({
      description:
        'Usuarios con el PIN bloqueado ahora: `everywhere` si 20 PIN incorrectos en una hora lo ' +
        'bloquearon para todas las direcciones (el aviso a los administradores); si no, cuántas ' +
        'direcciones quedaron bloqueadas (5 PIN incorrectos cada una). `lockedUntil`: cuándo termina.',
      response: { 200: envelope(z.array(pinLock)), ...problemResponses(401, 403) },
    }),
    async () => ok(await listPinLocks(app.db, app.now())),
  );

  app.post(
    '/:id/unlock-pin',
    docs({
      description:
        'Desbloquear PIN: olvida los bloqueos y los PIN incorrectos del usuario desde todas las ' +
        'direcciones (queda en la auditoría). 404 si el usuario no existe.',
      params: idParams,
      response: { 200: envelope(pinUnlockResult), ...problemResponses(400, 401, 403, 404) },
    }),
    async (request) => ok(await unlockPin(app.db, request.user.id, request.params.id, app.now())),
  );
});
