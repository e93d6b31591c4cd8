import type { AuditEntry } from '@prestaya/contracts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';

type Kind = 'user' | 'account' | 'loan' | 'customer';

/** Snapshot keys that hold another record's id, by the kind of record they point to. */
const REFERENCE_KEYS: Record<string, Kind> = {
  agentId: 'user',
  registeredBy: 'user',
  decidedBy: 'user',
  userId: 'user',
  bankAccountId: 'account',
  loanId: 'loan',
  customerId: 'customer',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const joinName = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');

/** Every (id, kind) an entry's snapshots refer to. */
function referencesOf(entry: AuditEntry): [string, Kind][] {
  const found: [string, Kind][] = [];
  for (const snapshot of [entry.before, entry.after]) {
    for (const [key, kind] of Object.entries(REFERENCE_KEYS)) {
      const value = snapshot?.[key];
      if (typeof value === 'string' && UUID.test(value)) found.push([value.toLowerCase(), kind]);
    }
  }
  return found;
}

/** id → display text of the records of one kind, in one query. */
async function namesOf(db: DbOrTx, kind: Kind, ids: string[]): Promise<[string, string][]> {
  if (ids.length === 0) return [];
  switch (kind) {
    case 'user': {
      const rows = await db
        .select({ id: users.id, name: users.name, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids));
      return rows.map((r) => [r.id, joinName(r.name, r.lastName)]);
    }
    case 'account': {
      const rows = await db
        .select({ id: bankAccounts.id, name: bankAccounts.name })
        .from(bankAccounts)
        .where(inArray(bankAccounts.id, ids));
      return rows.map((r) => [r.id, r.name]);
    }
    case 'loan': {
      const rows = await db
        .select({ id: loans.id, num: loans.num })
        .from(loans)
        .where(inArray(loans.id, ids));
      return rows.map((r) => [r.id, `No. ${r.num}`]);
    }
    case 'customer': {
      const rows = await db
        .select({
          id: customers.id,
          name: customers.name,
          lastName: customers.lastName,
          secondLastName: customers.secondLastName,
        })
        .from(customers)
        .where(inArray(customers.id, ids));
      return rows.map((r) => [r.id, joinName(r.name, r.lastName, r.secondLastName)]);
    }
  }
}

/**
 * The entries with `names`: the people, accounts, loans and customers their snapshots name by id,
 * so the history reads 'Agente Ana López' rather than a UUID. Four queries at most per reply.
 */
export async function withReferenceNames(db: DbOrTx, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const wanted = new Map<Kind, Set<string>>();
  const references = entries.map(referencesOf);
  for (const [id, kind] of references.flat()) {
    const ids = wanted.get(kind) ?? new Set<string>();
    ids.add(id);
    wanted.set(kind, ids);
  }
  const resolved = new Map<string, string>(
    (await Promise.all([...wanted].map(([kind, ids]) => namesOf(db, kind, [...ids])))).flat(),
  );
  return entries.map((entry, index) => {
    const names: Record<string, string> = {};
    for (const [id] of references[index] ?? []) {
      const name = resolved.get(id);
      if (name) names[id] = name;
    }
    return Object.keys(names).length > 0 ? { ...entry, names } : entry;
  });
}
