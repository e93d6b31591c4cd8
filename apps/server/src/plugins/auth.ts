import fastifyJwt from '@fastify/jwt';
import { type Role, uuid, z } from '@prestaya/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { v7 as uuidv7 } from 'uuid';
import { hasRole } from '../access/users.ts';
import { canRefresh, tokenTimes, toSeconds, withinSessionRule } from '../credentials/sessions.ts';
import { refuse } from '../http/refusals.ts';
import { loadSessionUser } from '../modules/auth/service.ts';
import type { SessionClaims, SessionUser } from '../modules/auth/session-user.ts';

/**
 * The claims of a session token: `ver` is the user's token version, `auth_time` the sign-in (OIDC),
 * `sid` the session (OIDC), the same across refreshes, ended by logout.
 */
interface TokenClaims {
  sub: string;
  jti: string;
  sid: string;
  ver: number;
  auth_time: number;
  iat: number;
  exp: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: SessionUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler hook: verifies the Bearer JWT and sets `request.user` from the database. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Hook to add after `authenticate`: 403 unless the signed-in user has the role. */
    requireRole: (role: Role) => (request: FastifyRequest) => Promise<void>;
    /**
     * A token for the user's session: 8 hours, never past sign-in + 7 days. A 401 when that session
     * has already ended (a refresh 7 days after signing in).
     */
    issueToken: (user: SessionUser) => string;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Checked before anything reaches SQL: a well-signed token with a non-uuid subject, or without the
 * session claims (tokens of an older server version), is a 401, not a 500.
 */
const sessionClaims = z.object({
  sub: uuid,
  sid: uuid,
  ver: z.number().int().min(0),
  auth_time: z.number().int().min(0),
  iat: z.number(),
  exp: z.number(),
});

async function auth(app: FastifyInstance, options: { secret: string }) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });

  app.decorate('issueToken', (user: SessionUser) => {
    const now = toSeconds(app.now());
    if (!canRefresh(user.signedInAt, now)) throw refuse('session.invalid');
    // `jti` makes every token unique, so a refresh within the same second still returns a new token.
    return app.jwt.sign({
      sub: user.id,
      jti: uuidv7(),
      sid: user.sessionId,
      ver: user.tokenVersion,
      auth_time: user.signedInAt,
      ...tokenTimes(user.signedInAt, now),
    });
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw refuse('session.invalid');
    let payload: unknown;
    try {
      // Expiry and not-before are judged on the app's clock (tests move it).
      payload = app.jwt.verify(token, { clockTimestamp: app.now().getTime() });
    } catch {
      throw refuse('session.invalid');
    }
    const claims = sessionClaims.safeParse(payload);
    if (!claims.success || !withinSessionRule(claims.data, toSeconds(app.now())))
      throw refuse('session.invalid');
    const session: SessionClaims = {
      userId: claims.data.sub,
      tokenVersion: claims.data.ver,
      signedInAt: claims.data.auth_time,
      sessionId: claims.data.sid,
    };
    request.user = await loadSessionUser(app.db, session);
  });

  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
    if (!request.user || !hasRole(request.user.roles, role)) throw refuse('forbidden');
  });
}

export const authPlugin = fp(auth, { name: 'prestaya-auth', dependencies: ['prestaya-database'] });
