import fastifyJwt from '@fastify/jwt';
import { type Role, uuid } from '@prestaya/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { v7 as uuidv7 } from 'uuid';
import { hasRole } from '../domain/users.ts';
import { forbidden, MESSAGES, unauthorized } from '../errors.ts';
import { loadSessionUser } from '../modules/auth/service.ts';
import type { SessionUser } from '../modules/auth/session-user.ts';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; jti: string };
    user: SessionUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler hook: verifies the Bearer JWT and sets `request.user` from the database. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Hook to add after `authenticate`: 403 unless the signed-in user has the role. */
    requireRole: (role: Role) => (request: FastifyRequest) => Promise<void>;
    /** A fresh 8-hour token for the user. */
    issueToken: (userId: string) => string;
  }
}

export const TOKEN_LIFETIME = '8h';
const BEARER = /^Bearer\s+(\S+)\s*$/i;

async function authPlugin(app: FastifyInstance, options: { secret: string }) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
    verify: { algorithms: ['HS256'] },
  });

  // `jti` makes every token unique, so a refresh within the same second still returns a new token.
  app.decorate('issueToken', (userId: string) => app.jwt.sign({ sub: userId, jti: uuidv7() }));

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized(MESSAGES.invalidSession);
    let subject: unknown;
    try {
      subject = app.jwt.verify<{ sub?: unknown }>(token).sub;
    } catch {
      throw unauthorized(MESSAGES.invalidSession);
    }
    // Checked before it reaches SQL: a well-signed token with a non-uuid subject must be a 401, not a 500.
    const userId = uuid.safeParse(subject);
    if (!userId.success) throw unauthorized(MESSAGES.invalidSession);
    request.user = await loadSessionUser(app.db, userId.data);
  });

  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
    if (!request.user || !hasRole(request.user.roles, role)) throw forbidden(MESSAGES.forbidden);
  });
}

export default fp(authPlugin, { name: 'prestaya-auth', dependencies: ['prestaya-database'] });
