import { rolesLabel, USER_STATUS_LABELS, type UserListQuery } from '@prestaya/contracts';
import { integerCell, labelCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { userListSource } from './list-users.ts';

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
