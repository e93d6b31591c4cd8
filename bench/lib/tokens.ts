/**
 * A session token made by the app itself for a user, as after a sign-in but without one: no password
 * hash to compute, no sign-in rate-limit row written. The token is valid on every server sharing the
 * app's JWT secret.
 */

import { randomUUID } from 'node:crypto';
import { type AppDb, loadSessionUser } from '@prestaya/server/bench';
import type { FastifyInstance } from 'fastify';

export async function sessionToken(app: FastifyInstance, db: AppDb, userId: string): Promise<string> {
  return app.issueToken(
    await loadSessionUser(db, {
      userId,
      tokenVersion: 0,
      signedInAt: Math.floor(Date.now() / 1000),
      sessionId: randomUUID(),
    }),
  );
}
