import { type PasswordResetRequest, passwordResetDone } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/auth/password-reset/:token, without a session: sets the new password and uses the link up. */
export const resetPassword = ({ token, ...body }: PasswordResetRequest & { token: string }) =>
  apiData.post(apiPaths.passwordReset(token), passwordResetDone.parse, body, {
    token: null,
    logoutOnUnauthorized: false,
  });

export const useResetPassword = () => useApiMutation(['auth', 'password-reset'], resetPassword);
