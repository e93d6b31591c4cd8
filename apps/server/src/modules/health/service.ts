import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';

export async function databaseAnswers(db: AppDb): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
