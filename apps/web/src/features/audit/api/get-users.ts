import { paged, STAFF_PICKER_SIZE, type User, user } from '@prestaya/contracts';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { StaffSearch } from '../../../components/StaffSelect.tsx';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { auditKeys } from './keys.ts';

const readUserPage = paged(user).parse;

/**
 * GET /api/v1/users?page=1&size=20&query=…&orderBy=name&order=asc (admin): a page of the 'Usuario'
 * filter's choices, every status and role, found by name, last name, username or number.
 */
export const searchAuditUsers: StaffSearch<User> = (term) =>
  queryOptions<User[], Error, User[], QueryKey>({
    queryKey: auditKeys.users(term),
    queryFn: async () =>
      (
        await api.get(apiPaths.users, readUserPage, {
          page: 1,
          size: STAFF_PICKER_SIZE,
          query: term,
          orderBy: 'name',
          order: 'asc',
        })
      ).data,
    staleTime: 5 * 60_000,
  });
