import type { StatementMapping } from '@prestaya/contracts';
import { DEFAULT_MATCH_WINDOW_DAYS, type StatementColumns } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { type StatementMappingRow, statementMappings } from '../../db/schema/reconciliation.ts';
import { insertAudited, updateAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { STATEMENT_MAPPING_AUDIT_ENTITY } from './messages.ts';

function toMapping(row: StatementMappingRow): StatementMapping {
  return {
    headerRows: row.headerRows,
    dateColumn: row.dateColumn,
    conceptColumn: row.conceptColumn,
    referenceColumn: row.referenceColumn,
    amountColumn: row.amountColumn,
    creditColumn: row.creditColumn,
    debitColumn: row.debitColumn,
    directionColumn: row.directionColumn,
    dateFormat: row.dateFormat as StatementMapping['dateFormat'],
    decimalSeparator: row.decimalSeparator as StatementMapping['decimalSeparator'],
    matchWindowDays: row.matchWindowDays ?? DEFAULT_MATCH_WINDOW_DAYS,
  };
}

/** A column letter (A, …, Z, AA, …) as a 0-based index. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const char of letters) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}
const optionalIndex = (letters: string | null) => (letters === null ? null : columnIndex(letters));

export function statementColumns(mapping: StatementMapping): StatementColumns {
  return {
    date: columnIndex(mapping.dateColumn),
    concept: columnIndex(mapping.conceptColumn),
    reference: optionalIndex(mapping.referenceColumn),
    amount: optionalIndex(mapping.amountColumn),
    credit: optionalIndex(mapping.creditColumn),
    debit: optionalIndex(mapping.debitColumn),
    direction: optionalIndex(mapping.directionColumn),
    dateFormat: mapping.dateFormat,
    decimalSeparator: mapping.decimalSeparator,
  };
}

export async function assertAccountExists(
  db: DbOrTx,
  accountId: string,
): Promise<{ id: string; name: string }> {
  const [account] = await db
    .select({ id: bankAccounts.id, name: bankAccounts.name })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId));
  if (!account) throw refuse('bank_account.not_found');
  return account;
}

/** GET …/accounts/{id}/mapping: null until the first statement of the account is mapped. */
export async function readStatementMapping(db: DbOrTx, accountId: string): Promise<StatementMapping | null> {
  await assertAccountExists(db, accountId);
  const [row] = await db
    .select()
    .from(statementMappings)
    .where(eq(statementMappings.bankAccountId, accountId));
  return row ? toMapping(row) : null;
}

/** PUT …/accounts/{id}/mapping: created or replaced, audited before → after. */
export async function saveStatementMapping(
  db: AppDb,
  actorId: string,
  accountId: string,
  mapping: StatementMapping,
): Promise<StatementMapping> {
  return db.transaction(async (tx) => {
    await assertAccountExists(tx, accountId);
    const where = eq(statementMappings.bankAccountId, accountId);
    const [current] = await tx.select().from(statementMappings).where(where).for('update');
    const values = { ...mapping, updatedBy: actorId };
    const audit = { actorId, entity: STATEMENT_MAPPING_AUDIT_ENTITY, snapshot: toMapping };
    if (!current) {
      const row = await insertAudited(
        tx,
        statementMappings,
        { id: uuidv7(), bankAccountId: accountId, ...values },
        audit,
      );
      return toMapping(row);
    }
    const row = await updateAudited(
      tx,
      statementMappings,
      where,
      { ...values, updatedOn: sql`now()` },
      { ...audit, entityId: current.id, before: current },
    );
    if (!row) throw new Error('statement mapping vanished under lock');
    return toMapping(row);
  });
}
