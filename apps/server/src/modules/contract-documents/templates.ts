import type { ContractTemplate, ContractTemplateKind } from '@prestaya/contracts';
import { CONTRACT_TEMPLATE_KINDS } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type ContractTemplateRow, contractTemplates } from '../../db/schema/contract-documents.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { DEFAULT_CONTRACT_TEXTS } from './default-texts.ts';

export const CONTRACT_TEMPLATE_AUDIT_ENTITY = 'contract_template';
/** Each kind's audit rows carry a fixed id (the table's key is the kind). */
const TEMPLATE_ENTITY_IDS: Record<ContractTemplateKind, string> = {
  CONTRACT: '00000000-0000-0000-0000-0000000000c1',
  PROMISSORY_NOTE: '00000000-0000-0000-0000-0000000000c2',
};

function toTemplate(kind: ContractTemplateKind, row: ContractTemplateRow | undefined): ContractTemplate {
  return row
    ? { kind, body: row.body, isDefault: false, updatedOn: row.updatedOn.toISOString() }
    : { kind, body: DEFAULT_CONTRACT_TEXTS[kind], isDefault: true, updatedOn: null };
}

/** GET /contract-templates: both texts, the edited one or the default. */
export async function listContractTemplates(db: DbOrTx): Promise<ContractTemplate[]> {
  const rows = await db.select().from(contractTemplates);
  return CONTRACT_TEMPLATE_KINDS.map((kind) =>
    toTemplate(
      kind,
      rows.find((row) => row.kind === kind),
    ),
  );
}

export async function readContractTemplate(
  db: DbOrTx,
  kind: ContractTemplateKind,
): Promise<ContractTemplate> {
  const [row] = await db.select().from(contractTemplates).where(eq(contractTemplates.kind, kind));
  return toTemplate(kind, row);
}

/**
 * PUT /contract-templates/{kind} (administrators; the contract validated it, placeholders included):
 * the new text, audited with the text before and after. DELETE restores the default (`body: null`).
 * The kind's row is locked (or its absence serialised by the primary key), so two saves take turns.
 */
export async function saveContractTemplate(
  db: AppDb,
  actorId: string,
  kind: ContractTemplateKind,
  body: string | null,
): Promise<ContractTemplate> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(contractTemplates)
      .where(eq(contractTemplates.kind, kind))
      .for('update');
    const before = toTemplate(kind, current);
    let row: ContractTemplateRow | undefined;
    if (body === null) {
      if (current) await tx.delete(contractTemplates).where(eq(contractTemplates.kind, kind));
    } else {
      [row] = await tx
        .insert(contractTemplates)
        .values({ kind, body, updatedBy: actorId })
        .onConflictDoUpdate({
          target: contractTemplates.kind,
          set: { body, updatedBy: actorId, updatedOn: sql`now()` },
        })
        .returning();
    }
    const after = toTemplate(kind, row);
    await writeAudit(tx, {
      actorId,
      entity: CONTRACT_TEMPLATE_AUDIT_ENTITY,
      entityId: TEMPLATE_ENTITY_IDS[kind],
      action: body === null ? 'restored' : 'updated',
      before: { kind, body: before.body, isDefault: before.isDefault },
      after: { kind, body: after.body, isDefault: after.isDefault },
    });
    return after;
  });
}
