import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashSecret, verifyAgainstDummy, verifySecret } from '../src/modules/auth/secrets.ts';
import { createUserAndLogin, loginToken, useTestApp } from './support/app.ts';
import { useProductionArgon2Cost } from './support/cheap-argon2.ts';
import { rowsOf } from './support/database.ts';

// The rest of the suite hashes at a test-only cost (support/cheap-argon2.ts); this file hashes at the
// library's own cost, so the cost a deployment stores is checked here, once, through the API's own path.
useProductionArgon2Cost();

/** Argon2id, version 19, 19 MiB, two passes, one lane: the OWASP parameters the server promises. */
const PRODUCTION_COST = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

const context = useTestApp();

describe('password and PIN hashes at the production cost', () => {
  it('hashSecret stores Argon2id at 19 MiB and two passes, salted; verifySecret checks it', async () => {
    const first = await hashSecret('secreto123');
    expect(first).toMatch(PRODUCTION_COST);
    expect(await hashSecret('secreto123')).not.toBe(first);
    expect(await verifySecret(first, 'secreto123')).toBe(true);
    expect(await verifySecret(first, 'secreto124')).toBe(false);
    expect(await verifySecret('no es un hash', 'secreto123')).toBe(false);
    expect(await verifyAgainstDummy('secreto123')).toBe(false);
  });

  it('a user created and signed in through the app has both hashes at that cost', async () => {
    const user = await createUserAndLogin(context);
    const [row] = rowsOf<{ password_hash: string; pin_hash: string }>(
      await context.database.db.execute(sql`select password_hash, pin_hash from users where id = ${user.id}`),
    );
    expect(row?.password_hash).toMatch(PRODUCTION_COST);
    expect(row?.pin_hash).toMatch(PRODUCTION_COST);
    expect(await loginToken(context.app, user.username, user.password)).toBeTruthy();
  });
});
