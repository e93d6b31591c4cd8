import {
  type Paged,
  rolesLabel,
  type USER_ORDER_COLUMNS,
  USER_STATUS_LABELS,
  type User,
  type UserListQuery,
  type userCreate,
  type userUpdate,
  type z,
} from '@prestaya/contracts';
import { and, eq, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { integerCell, labelCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import {
  countRows,
  type ListRequest,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { staffSortKey, type UserRow, users } from '../../db/schema/users.ts';
import { matchesTextOrNumber } from '../../db/search.ts';
import { insertAudited, updateAudited } from '../../db/write-audit.ts';
import { endsSessions, isActiveAdmin, selfUpdateViolation } from '../../domain/users.ts';
import { refuse } from '../../http/refusals.ts';
import { hashSecret } from '../auth/secrets.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { toAuditSnapshot, toUserDto } from './mapping.ts';

export type NewUser = z.output<typeof userCreate>;
export type UserChanges = z.output<typeof userUpdate>;

const AUDIT_ENTITY = 'user';

/** Sortable columns: exactly USER_ORDER_COLUMNS of the contracts. Text sorts ignore case and accents. */
const ORDER_COLUMNS = {
  num: users.num,
  name: staffSortKey(users.name),
  lastName: staffSortKey(users.lastName),
  username: users.username,
  status: users.status,
  createdOn: users.createdOn,
} satisfies Record<(typeof USER_ORDER_COLUMNS)[number], SQLWrapper>;

function userFilter(query: UserListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) conditions.push(eq(users.status, query.q));
  if (query.query) {
    conditions.push(
      matchesTextOrNumber([users.name, users.lastName, users.username], users.num, query.query),
    );
  }
  return and(...conditions);
}

/** THE query of the users list (filters, order, count), shared by the paged list and its CSV export. */
function userListSource(db: AppDb, query: ListRequest<UserListQuery>): PaginateOptions<UserRow> {
  const where = userFilter(query);
  return {
    request: query,
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'num',
    tiebreaker: users.id,
    rows: (page) => pageOf(db.select().from(users).$dynamic(), where, page),
    count: (limit) => countRows(db, db.select(ONE).from(users).where(where).$dynamic(), limit),
  };
}

export function listUsers(db: AppDb, query: ListRequest<UserListQuery>): Promise<Paged<User>> {
  return paginateAs(userListSource(db, query), toUserDto);
}

export async function getUser(db: AppDb, id: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw refuse('user.not_found');
  return toUserDto(row);
}

export async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/**
 * The unique index is the last word; this only turns its violation into the refusal. A creation
 * checks first (usernameTaken), so a refused duplicate does not spend a user number.
 */
async function translateDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_unique')) throw refuse('user.duplicate_username');
    throw error;
  }
}

/**
 * Whether another user holds `username`, asked under a transaction lock on that username: creations
 * and renames to the same name take turns, so after a 'no' the insert cannot hit the unique index
 * and its identity value (the user number, taken even by a failing insert) is never wasted.
 */
async function usernameTaken(tx: DbOrTx, username: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.username}, hashtext(${username}))`);
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row !== undefined;
}

/** The columns of a new user's row: a fresh id, the names typed, the secrets already hashed. */
function newUserColumns(
  input: Pick<NewUser, 'name' | 'lastName' | 'username'>,
  passwordHash: string,
  pinHash: string | null,
) {
  return {
    id: uuidv7(),
    name: input.name,
    lastName: input.lastName,
    username: input.username,
    passwordHash,
    pinHash,
  };
}

export async function createUser(db: AppDb, actorId: string | null, input: NewUser): Promise<User> {
  const [passwordHash, pinHash] = await Promise.all([hashSecret(input.password), hashSecret(input.pin)]);
  return translateDuplicate(
    db.transaction(async (tx) => {
      if (await usernameTaken(tx, input.username)) throw refuse('user.duplicate_username');
      const values = {
        ...newUserColumns(input, passwordHash, pinHash),
        roles: input.roles,
        status: input.status,
      };
      const row = await insertAudited(tx, users, values, {
        actorId,
        entity: AUDIT_ENTITY,
        snapshot: toAuditSnapshot,
      });
      return toUserDto(row);
    }),
  );
}

/**
 * Refuses a change that would leave no active administrator. The advisory lock serialises such
 * changes, so two administrators cancelling each other at the same moment cannot both succeed.
 */
async function ensureAnotherActiveAdmin(tx: DbOrTx, exceptUserId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.activeAdmins})`);
  const others = await tx.$count(
    users,
    and(ne(users.id, exceptUserId), ne(users.status, 'CANCELLED'), sql`'ROLE_ADMIN' = any(${users.roles})`),
  );
  if (others === 0) throw refuse('user.last_admin');
}

/** Absent password or PIN keeps the current one. */
export async function updateUser(
  db: AppDb,
  actor: SessionUser,
  id: string,
  changes: UserChanges,
): Promise<User> {
  const violation = selfUpdateViolation(actor.id, id, changes);
  if (violation) throw refuse(violation);
  const [passwordHash, pinHash] = await Promise.all([
    changes.password === undefined ? undefined : hashSecret(changes.password),
    changes.pin === undefined ? undefined : hashSecret(changes.pin),
  ]);
  return translateDuplicate(
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) throw refuse('user.not_found');
      if (changes.username !== current.username && (await usernameTaken(tx, changes.username)))
        throw refuse('user.duplicate_username');
      if (isActiveAdmin(toUserDto(current)) && !isActiveAdmin(changes))
        await ensureAnotherActiveAdmin(tx, id);
      const sessionsEnded = endsSessions(toUserDto(current).status, changes.status, Boolean(passwordHash));
      const values = {
        name: changes.name,
        lastName: changes.lastName,
        username: changes.username,
        roles: changes.roles,
        status: changes.status,
        ...(passwordHash ? { passwordHash } : {}),
        ...(pinHash ? { pinHash } : {}),
        ...(sessionsEnded ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        updatedOn: sql`now()`,
      };
      const row = await updateAudited(tx, users, eq(users.id, id), values, {
        actorId: actor.id,
        entity: AUDIT_ENTITY,
        entityId: id,
        before: current,
        snapshot: toAuditSnapshot,
        alsoAfter: { passwordChanged: Boolean(passwordHash), pinChanged: Boolean(pinHash), sessionsEnded },
      });
      if (!row) throw refuse('user.not_found');
      return toUserDto(row);
    }),
  );
}

export interface FirstAdmin {
  name: string;
  lastName: string;
  username: string;
  password: string;
  /** Absent for the administrator created from ADMIN_USERNAME/ADMIN_PASSWORD. */
  pin?: string | undefined;
}

/**
 * Creates the first ROLE_ADMIN only while the users table is empty. The transaction-scoped advisory
 * lock makes concurrent first-run requests (or two servers starting together) take turns, so exactly
 * one administrator is created. Returns undefined when users already exist.
 */
export async function createFirstAdmin(
  db: AppDb,
  input: FirstAdmin,
  source: 'register' | 'environment',
): Promise<User | undefined> {
  if (await hasAnyUser(db)) return undefined; // cheap exit before hashing; re-checked under the lock
  const [passwordHash, pinHash] = await Promise.all([
    hashSecret(input.password),
    input.pin === undefined ? null : hashSecret(input.pin),
  ]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.firstAdmin})`);
    if (await hasAnyUser(tx)) return undefined;
    const values = { ...newUserColumns(input, passwordHash, pinHash), roles: ['ROLE_ADMIN'] };
    const row = await insertAudited(tx, users, values, {
      actorId: null,
      entity: AUDIT_ENTITY,
      snapshot: toAuditSnapshot,
      action: source === 'register' ? 'first_admin_registered' : 'first_admin_from_environment',
    });
    return toUserDto(row);
  });
}

/* ------------------------------------------------------------------------------------------------ */
/* CSV export (GET /users/export.csv)                                                               */
/* ------------------------------------------------------------------------------------------------ */

/**
 * The columns of the 'Usuarios' list: No. Usuario, Nombre, Apellidos, Usuario, Tipo de usuario (its
 * roles' labels), Estatus. Never hashes.
 */
const USER_CSV_COLUMNS: CsvColumn<UserRow>[] = [
  { header: 'No. Usuario', cell: (user) => integerCell(user.num) },
  { header: 'Nombre', cell: (user) => textCell(user.name) },
  { header: 'Apellidos', cell: (user) => textCell(user.lastName) },
  { header: 'Usuario', cell: (user) => textCell(user.username) },
  { header: 'Tipo de usuario', cell: (user) => textCell(rolesLabel(user.roles)) },
  { header: 'Estatus', cell: (user) => labelCell(USER_STATUS_LABELS, user.status) },
];

/** The users list as CSV: the same users, search, filter and order as GET /users. */
export function usersCsv(db: AppDb, query: UserListQuery, timeZone: string): CsvExport<UserRow> {
  return { name: 'usuarios', columns: USER_CSV_COLUMNS, source: userListSource(db, query), timeZone };
}
