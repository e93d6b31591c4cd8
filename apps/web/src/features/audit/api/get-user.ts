import { user } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { auditKeys } from './keys.ts';

/** GET /api/v1/users/{id} (admin): whom the 'Usuario' filter of the address names, for its label. */
export const useAuditUser = (id: string | undefined) =>
  useQuery({
    ...apiQuery({
      read: user.parse,
      queryKey: auditKeys.user(id ?? ''),
      path: apiPaths.user(id ?? ''),
      staleTime: 5 * 60_000,
    }),
    enabled: !!id,
  });
