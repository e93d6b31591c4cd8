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
        'Usuarios con un bloqueo de PIN ahora o intentos sospechosos en el último día: `loans`, ' +
        'cuántos de sus préstamos están bloqueados (5 PIN incorrectos en ese préstamo), `addresses`, ' +
        'cuántas direcciones (5 PIN incorrectos desde esa dirección), `lockedUntil`, cuándo termina el ' +
        'último (null: ninguno), y `burst`: 20 PIN incorrectos en una hora contra su número (el aviso a ' +
        'los administradores; nunca bloquea al agente).',
      response: { 200: envelope(z.array(pinLock)), ...problemResponses(401, 403) },
    }),
    async () => ok(await listPinLocks(app.db, app.now())),
  );

  app.post(
    '/:id/unlock-pin',
    docs({
      description:
        'Desbloquear PIN: olvida los bloqueos y los PIN incorrectos del usuario en todos sus préstamos ' +
        'y desde todas las direcciones, y termina el aviso de intentos sospechosos (queda en la ' +
        'auditoría). 404 si el usuario no existe.',
      params: idParams,
      response: { 200: envelope(pinUnlockResult), ...problemResponses(400, 401, 403, 404) },
    }),
    async (request) => ok(await unlockPin(app.db, request.user.id, request.params.id, app.now())),
  );
});
