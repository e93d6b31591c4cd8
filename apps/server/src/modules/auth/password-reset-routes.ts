import {
  envelope,
  PASSWORD_RESET_HOURS,
  passwordResetDone,
  passwordResetParams,
  passwordResetRequest,
  passwordResetStatus,
} from '@prestaya/contracts';
import type { FastifyRequest } from 'fastify';
import { NO_AUTH, ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import type { LoginRateLimit } from './login-limit.ts';
import { describeResetLink, resetPassword } from './password-reset.ts';

const INVALID_LINK =
  '404 con el mismo mensaje si el enlace no existe, ya se usó, venció o su usuario fue cancelado.';

/**
 * The link a user opens to set a new password: anonymous, and limited per client address with the
 * login's budget (both routes share it, counted in PostgreSQL like every limit), so tokens cannot be
 * tried by the thousand. A token is 256 random bits besides.
 */
export const passwordResetRoutes = taggedRoutes<{ limit: LoginRateLimit }>(
  'auth',
  async (app, docs, options) => {
    const config = {
      anonymous: true,
      rateLimit: {
        max: options.limit.max,
        timeWindow: options.limit.timeWindowMs,
        keyGenerator: (request: FastifyRequest) => `password-reset:${request.ip}`,
      },
    };

    app.get(
      '/password-reset/:token',
      {
        ...docs({
          security: NO_AUTH,
          summary: 'Consulta un enlace de restablecimiento de contraseña',
          description: `Si el enlace sirve: nombre, apellidos y usuario de la cuenta, y su vencimiento. ${INVALID_LINK}`,
          params: passwordResetParams,
          response: { 200: envelope(passwordResetStatus), ...problemResponses(400, 404, 429) },
        }),
        config,
      },
      async (request) => ok(await describeResetLink(app.db, request.params.token, app.now())),
    );

    app.post(
      '/password-reset/:token',
      {
        ...docs({
          security: NO_AUTH,
          summary: 'Asigna una nueva contraseña con un enlace de restablecimiento',
          description:
            'Asigna `password` (las reglas de toda contraseña: 8 a 128 caracteres) a la cuenta del enlace, ' +
            'lo marca usado (un solo uso, aunque lleguen dos envíos a la vez) y cierra todas las sesiones ' +
            `del usuario. El enlace vale ${PASSWORD_RESET_HOURS} h desde que se generó. ${INVALID_LINK}`,
          params: passwordResetParams,
          body: passwordResetRequest,
          response: { 200: envelope(passwordResetDone), ...problemResponses(400, 404, 429) },
        }),
        config,
      },
      async (request) =>
        ok(await resetPassword(app.db, request.params.token, request.body.password, app.now())),
    );
  },
);
