import type { Paged, USER_ORDER_COLUMNS, User, UserListQuery } from '@prestaya/contracts';
import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import {
  countRows,
  type ListRequest,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { staffSortKey, type UserRow, users } from '../../db/schema/users.ts';
import { matchesTextOrNumber } from '../../db/search.ts';
import { toUserDto } from './mapping.ts';
import { recentPinBursts } from './unlock-pin.ts';

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
export function userListSource(db: AppDb, query: ListRequest<UserListQuery>): PaginateOptions<UserRow> {
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

/**
 * The users list: each row also says whether a burst of wrong PINs against that user was reported in
 * the last day (`pinBurst`, the badge in Usuarios), read for the page's users only.
 */
export async function listUsers(
  db: AppDb,
  query: ListRequest<UserListQuery>,
  at: Date,
): Promise<Paged<User>> {
  const page = await paginateAs(userListSource(db, query), toUserDto);
  const bursts = await recentPinBursts(
    db,
    at,
    page.data.map((user) => user.id),
  );
  return { ...page, data: page.data.map((user) => ({ ...user, pinBurst: bursts.get(user.id) ?? null })) };
}
