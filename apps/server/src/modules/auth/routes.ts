import {
  envelope,
  type LoginReply,
  loginReply,
  loginRequest,
  logoutReply,
  registerRequest,
  registrationStatus,
  user,
} from '@prestaya/contracts';
import { Refusal, refuse } from '../../http/refusals.ts';
import { NO_AUTH, ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { createFirstAdmin } from '../users/create-first-admin.ts';
import { hasAnyUser } from '../users/queries.ts';
import {
  accountLockWait,
  countLoginAttempt,
  type LoginRateLimit,
  recordLoginOutcome,
} from './login-limit.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import { login, signOut } from './service.ts';
import type { SessionUser } from './session-user.ts';

export interface AuthRoutesOptions {
  /** Login attempts per window: per username and client address, and per client address. */
  loginRateLimit: LoginRateLimit;
}

export const authRoutes = taggedRoutes<AuthRoutesOptions>('auth', async (app, docs, options) => {
  const replyFor = (sessionUser: SessionUser): LoginReply => ({
    userId: sessionUser.id,
    roles: sessionUser.roles,
    name: sessionUser.name,
    lastName: sessionUser.lastName,
    username: sessionUser.username,
    access_token: app.issueToken(sessionUser),
    businessTimeZone: app.businessClock.timeZone,
  });

  app.post(
    '/login',
    {
      ...docs({
        security: NO_AUTH,
        body: loginRequest,
        response: { 200: loginReply, ...problemResponses(400, 401, 429) },
      }),
      config: { anonymous: true },
      // After validation, so the username is counted normalised exactly as login reads it.
      preHandler: async (request, reply) => {
        const waitMs = await countLoginAttempt(
          app.db,
          request.body.username,
          request.ip,
          options.loginRateLimit,
        );
        if (waitMs !== undefined) {
          reply.header('retry-after', Math.max(1, Math.ceil(waitMs / 1000)));
          throw refuse('auth.too_many_attempts');
        }
        const lockMs = await accountLockWait(
          app.db,
          request.body.username,
          request.ip,
          options.loginRateLimit,
        );
        if (lockMs !== undefined) {
          const minutes = Math.max(1, Math.ceil(lockMs / 60_000));
          reply.header('retry-after', Math.max(1, Math.ceil(lockMs / 1000)));
          throw refuse('auth.account_throttled', { values: { minutes: String(minutes) } });
        }
      },
    },
    async (request) => {
      const outcome = (succeeded: boolean) =>
        recordLoginOutcome(app.db, request.body.username, request.ip, options.loginRateLimit, succeeded);
      try {
        const sessionUser = await login(app.db, request.body, app.now);
        await outcome(true);
        return replyFor(sessionUser);
      } catch (error) {
        if (error instanceof Refusal && error.code === 'auth.login_failed') await outcome(false);
        throw error;
      }
    },
  );

  // Needs a still-valid token: the API scope's authenticate hook has already loaded request.user. The
  // new token keeps the session's sign-in time, and issueToken refuses once 7 days have passed since.
  app.post(
    '/token/refresh',
    docs({ response: { 200: loginReply, ...problemResponses(401) } }),
    async (request) => replyFor(request.user),
  );

  // 'Cerrar Sesión': ends the session of the token sent, on every server; other sessions go on.
  app.post(
    '/logout',
    docs({
      description:
        'Cierra la sesión del token enviado en todos los servidores: ese token y los que se renueven ' +
        'de él dejan de valer (401). Las demás sesiones del usuario siguen.',
      response: { 200: envelope(logoutReply), ...problemResponses(401) },
    }),
    async (request) => {
      await signOut(app.db, request.user);
      return ok({ signedOut: true as const });
    },
  );

  await app.register(passwordResetRoutes, { limit: options.loginRateLimit });

  app.get(
    '/register',
    {
      ...docs({ security: NO_AUTH, response: { 200: envelope(registrationStatus) } }),
      config: { anonymous: true },
    },
    async () => ok({ open: !(await hasAnyUser(app.db)) }),
  );

  app.post(
    '/register',
    {
      ...docs({
        security: NO_AUTH,
        body: registerRequest,
        response: { 201: envelope(user), ...problemResponses(400, 403) },
      }),
      config: { anonymous: true },
    },
    async (request, reply) => {
      const created = await createFirstAdmin(app.db, request.body, 'register');
      if (!created) throw refuse('auth.registration_closed');
      return reply.code(201).send(ok(created));
    },
  );
});
