import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/app-secrets.ts';

const SECRET_NAME = 'jwt-secret';
const MIN_LENGTH = 32;

/**
 * The token signing key when JWT_SECRET is not set: one row of app_secrets, so every server on the
 * database signs and accepts the same tokens (and signed proof links) without configuration. The first
 * server to start inserts it; servers starting together all insert-if-absent and then read the one
 * that won, so they agree.
 *
 * An older installation kept the key in DATA_DIR/jwt-secret: it is offered as the value to insert, so
 * its sessions survive the upgrade, and the file is removed once the database holds the key.
 */
export async function sharedJwtSecret(db: DbOrTx, dataDir: string): Promise<string> {
  const legacyFile = join(dataDir, SECRET_NAME);
  const legacy = await readFile(legacyFile, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  const candidate =
    legacy !== undefined && legacy.length >= MIN_LENGTH ? legacy : randomBytes(48).toString('base64url');
  await db.insert(appSecrets).values({ name: SECRET_NAME, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row || row.value.length < MIN_LENGTH) throw new Error('app_secrets holds no usable JWT secret');
  if (legacy !== undefined) await rm(legacyFile, { force: true });
  return row.value;
}
