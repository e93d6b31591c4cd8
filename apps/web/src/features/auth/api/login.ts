import type { LoginRequest } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { anyBody } from '../../../lib/fetch-core.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { session } from '../../../lib/session.ts';

/**
 * POST /api/v1/auth/login. Its 401 means "wrong credentials", not "session expired". The reply is
 * checked by session.start, which keeps zod off the sign-in page's first load.
 */
export function login(credentials: LoginRequest): Promise<unknown> {
  return api.post(apiPaths.login, anyBody, credentials, {
    token: null,
    logoutOnUnauthorized: false,
  });
}

export class RejectedLoginReplyError extends Error {
  constructor() {
    super('La respuesta de inicio de sesión no es válida');
    this.name = 'RejectedLoginReplyError';
  }
}

/** Logs in and starts the session; a reply without userId/roles counts as a failed login (docs/product.md §5). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: async (credentials: LoginRequest) => {
      const reply = await login(credentials);
      if (!session.start(reply)) throw new RejectedLoginReplyError();
      return reply;
    },
    // Nothing cached for a previous user may show up for this one.
    onSuccess: () => queryClient.removeQueries(),
  });
}
