import { type AuditEntry, paymentFolio } from '@prestaya/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** The kinds of record an audit row names by id, and how a person calls each. */
type Kind = 'user' | 'account' | 'loan' | 'customer' | 'payment' | 'fee' | 'installment' | 'product';

/** Snapshot keys that hold another record's id, by the kind of record they point to. */
const REFERENCE_KEYS: Record<string, Kind> = {
  agentId: 'user',
  registeredBy: 'user',
  decidedBy: 'user',
  userId: 'user',
  createdBy: 'user',
  cancelledBy: 'user',
  updatedBy: 'user',
  bankAccountId: 'account',
  accountId: 'account',
  targetAccountId: 'account',
  loanId: 'loan',
  customerId: 'customer',
  paymentId: 'payment',
  feeId: 'fee',
  scheduledPaymentId: 'installment',
  productId: 'product',
};

/** The record an audit row is about, by its entity (a 'Corte de caja' row is the agent's). */
const ENTITY_KINDS: Record<string, Kind> = {
  user: 'user',
  bank_account: 'account',
  loan: 'loan',
  customer: 'customer',
  payment: 'payment',
  fee: 'fee',
  cash_close: 'user',
  loan_product: 'product',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every (id, kind) an entry names: the record it is about, and the ids its snapshots hold. */
function referencesOf(entry: AuditEntry): [string, Kind][] {
  const found: [string, Kind][] = [];
  const own = ENTITY_KINDS[entry.entity];
  if (own && UUID.test(entry.entityId)) found.push([entry.entityId.toLowerCase(), own]);
  for (const snapshot of [entry.before, entry.after]) {
    for (const [key, kind] of Object.entries(REFERENCE_KEYS)) {
      const value = snapshot?.[key];
      if (typeof value === 'string' && UUID.test(value)) found.push([value.toLowerCase(), kind]);
    }
  }
  return found;
}

/** One row of the names query: a record's words and number, made into its label below. */
interface NameRow {
  id: string;
  kind: Kind;
  /** The person's, account's or item's words (a fee's or installment's concept). */
  words: string | null;
  /** The loan's, customer's or (for payments, fees, installments) their loan's number. */
  num: number | null;
}

/** The SELECT of one kind: id, kind, words, num of the ids asked for (an index lookup per id). */
function selectOf(kind: Kind, ids: string[]): SQL {
  const wanted = sql`${uuidArray(ids)}::uuid[]`;
  // Every branch names its columns: a UNION takes them from whichever branch comes first.
  const row = (id: SQL, words: SQL, num: SQL) =>
    sql`select ${id}::text as id, ${kind}::text as kind, ${words}::text as words, ${num}::int as num`;
  switch (kind) {
    case 'user':
      return sql`${row(sql`id`, sql`concat_ws(' ', name, last_name)`, sql`null`)}
        from users where id = any(${wanted})`;
    case 'account':
      return sql`${row(sql`id`, sql`name`, sql`null`)} from bank_accounts where id = any(${wanted})`;
    case 'loan':
      return sql`${row(sql`id`, sql`null`, sql`num`)} from loans where id = any(${wanted})`;
    case 'customer':
      return sql`${row(sql`id`, sql`concat_ws(' ', name, last_name, second_last_name)`, sql`num`)}
        from customers where id = any(${wanted})`;
    case 'payment':
      return sql`${row(sql`p.id`, sql`null`, sql`l.num`)}
        from payments p join loans l on l.id = p.loan_id where p.id = any(${wanted})`;
    case 'fee':
      return sql`${row(sql`f.id`, sql`f.concept`, sql`l.num`)}
        from fees f join loans l on l.id = f.loan_id where f.id = any(${wanted})`;
    case 'installment':
      return sql`${row(sql`s.id`, sql`s.concept`, sql`l.num`)}
        from scheduled_payments s join loans l on l.id = s.loan_id where s.id = any(${wanted})`;
    case 'product':
      return sql`${row(sql`id`, sql`name`, sql`null`)} from loan_products where id = any(${wanted})`;
  }
}

/** What a person calls the record: a name, 'No. 1002', 'Folio 1002-9F3A61C2', 'Pago 3 de 12 · Préstamo No. 1002'. */
function labelOf(row: NameRow): string {
  switch (row.kind) {
    case 'user':
    case 'account':
    case 'product':
      return row.words ?? '';
    case 'loan':
      return `No. ${row.num}`;
    case 'customer':
      return `${row.words} (No. ${row.num})`;
    case 'payment':
      return `Folio ${paymentFolio(row.num ?? 0, row.id)}`;
    case 'fee':
    case 'installment':
      return `${row.words} · Préstamo No. ${row.num}`;
  }
}

/**
 * The entries with `names`: id → what a person calls the record, for the record each entry is about
 * and every id its snapshots hold (people, accounts, loans, customers, payments, fines,
 * installments), so the trail reads 'Cuenta · Caja chica' and 'Agente: Ana López', never a UUID. ONE
 * query per reply, whatever the page holds (a UNION ALL of one lookup per kind named). An id that no
 * longer resolves has no name; the screen shows a neutral word for it.
 */
export async function withReferenceNames(db: DbOrTx, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const wanted = new Map<Kind, Set<string>>();
  const references = entries.map(referencesOf);
  for (const [id, kind] of references.flat()) {
    const ids = wanted.get(kind) ?? new Set<string>();
    ids.add(id);
    wanted.set(kind, ids);
  }
  if (wanted.size === 0) return entries;
  const selects = [...wanted].map(([kind, ids]) => selectOf(kind, [...ids]));
  const rows = rowsOf<NameRow>(await db.execute(sql.join(selects, sql` union all `)));
  const resolved = new Map(rows.map((row) => [`${row.kind}:${row.id}`, labelOf(row)]));
  return entries.map((entry, index) => {
    const names: Record<string, string> = {};
    for (const [id, kind] of references[index] ?? []) {
      const name = resolved.get(`${kind}:${id}`);
      if (name) names[id] = name;
    }
    return Object.keys(names).length > 0 ? { ...entry, names } : entry;
  });
}
