import type { AmlList } from '@prestaya/contracts';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { amlLists } from '../../db/schema/aml.ts';
import { users } from '../../db/schema/users.ts';

/** How many imports 'Listas' shows, newest first. */
const LISTS_SHOWN = 200;

function selectLists(db: DbOrTx) {
  return db
    .select({ list: amlLists, importer: { name: users.name, lastName: users.lastName } })
    .from(amlLists)
    .leftJoin(users, eq(users.id, amlLists.importedBy));
}

type ListJoinedRow = Awaited<ReturnType<typeof selectLists>>[number];

function toListDto({ list, importer }: ListJoinedRow): AmlList {
  return {
    id: list.id,
    name: list.name,
    fileName: list.fileName,
    rows: list.rows,
    matchesFound: list.matchesFound,
    importedOn: list.importedOn.toISOString(),
    importedBy: importer,
  };
}

/** GET /aml/lists: the imports, newest first. */
export async function listAmlLists(db: DbOrTx): Promise<AmlList[]> {
  const rows = await selectLists(db).orderBy(desc(amlLists.importedOn), desc(amlLists.id)).limit(LISTS_SHOWN);
  return rows.map(toListDto);
}

export async function loadAmlList(db: DbOrTx, id: string): Promise<AmlList> {
  const [row] = await selectLists(db).where(eq(amlLists.id, id)).limit(1);
  if (!row) throw new Error(`aml list ${id} not read back`);
  return toListDto(row);
}
