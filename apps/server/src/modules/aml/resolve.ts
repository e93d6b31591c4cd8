import type { AmlMatch } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { type AmlMatchRow, amlMatches } from '../../db/schema/aml.ts';
import { updateAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { selectMatches, toMatchDto } from './matches.ts';
import { AML_MATCH_AUDIT_ENTITY } from './screening.ts';

const snapshot = (row: AmlMatchRow) => ({
  customerId: row.customerId,
  kind: row.kind,
  matchedValue: row.matchedValue,
  status: row.status,
  resolution: row.resolution,
});

/**
 * PUT /aml/matches/{id}/resolve (administrators): the match stops the customer no more. The row is
 * locked, so of two resolutions the second reads RESOLVED (409); the reason and who resolved it are
 * kept on the match and in its audit trail.
 */
export async function resolveAmlMatch(
  db: AppDb,
  actorId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<AmlMatch> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(amlMatches).where(eq(amlMatches.id, id)).for('update');
    if (!current) throw refuse('aml.match_not_found');
    if (current.status !== 'OPEN') throw refuse('aml.match_resolved');
    await updateAudited(
      tx,
      amlMatches,
      eq(amlMatches.id, id),
      { status: 'RESOLVED', resolution: reason, resolvedBy: actorId, resolvedOn: sql`now()` },
      { actorId, entity: AML_MATCH_AUDIT_ENTITY, entityId: id, before: current, snapshot },
    );
    const [row] = await selectMatches(tx).where(eq(amlMatches.id, id)).limit(1);
    if (!row) throw refuse('aml.match_not_found');
    return toMatchDto(row, now);
  });
}
