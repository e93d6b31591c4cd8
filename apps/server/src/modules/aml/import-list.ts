import type { AmlList } from '@prestaya/contracts';
import { foldName } from '@prestaya/domain';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb } from '../../db/client.ts';
import { amlBlockedPersons, amlLists } from '../../db/schema/aml.ts';
import { insertAudited, writeAudit } from '../../db/write-audit.ts';
import { readListFile } from './list-file.ts';
import { loadAmlList } from './lists.ts';
import { screenCustomers } from './screening.ts';
import type { ReceivedList } from './upload.ts';

export const AML_LIST_AUDIT_ENTITY = 'aml_list';
/** Rows per INSERT of blocked persons: 7 parameters each, well under PostgreSQL's 65,535. */
const INSERT_BATCH = 2_000;

/**
 * POST /aml/lists (administrators): the file is read and every row checked first (list-file.ts: any
 * bad row refuses it whole); then, in ONE transaction, the import row (audited with its name, file and
 * rows), its persons with their folded names, and the screening of every customer against them
 * (screening.ts, set-based), whose count is kept on the import and in its audit trail.
 */
export async function importAmlList(db: AppDb, actorId: string, received: ReceivedList): Promise<AmlList> {
  const rows = readListFile(received.bytes);
  return db.transaction(async (tx) => {
    const list = await insertAudited(
      tx,
      amlLists,
      {
        id: uuidv7(),
        name: received.name,
        fileName: received.fileName,
        rows: rows.length,
        importedBy: actorId,
      },
      {
        actorId,
        entity: AML_LIST_AUDIT_ENTITY,
        snapshot: (row) => ({ name: row.name, fileName: row.fileName, rows: row.rows }),
      },
    );
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx.insert(amlBlockedPersons).values(
        rows.slice(start, start + INSERT_BATCH).map((row) => ({
          id: uuidv7(),
          listId: list.id,
          name: row.nombre,
          foldedName: foldName(row.nombre),
          curp: row.curp,
          rfc: row.rfc,
          list: row.lista,
          listedOn: row.fecha,
        })),
      );
    }
    const matchesFound = await screenCustomers(tx, actorId, { listId: list.id });
    await tx.update(amlLists).set({ matchesFound }).where(eq(amlLists.id, list.id));
    await writeAudit(tx, {
      actorId,
      entity: AML_LIST_AUDIT_ENTITY,
      entityId: list.id,
      action: 'screened',
      after: { matchesFound },
    });
    return loadAmlList(tx, list.id);
  });
}
