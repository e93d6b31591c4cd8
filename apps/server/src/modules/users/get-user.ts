import type { User } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';
import { toUserDto } from './mapping.ts';

export async function getUser(db: AppDb, id: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw refuse('user.not_found');
  return toUserDto(row);
}
