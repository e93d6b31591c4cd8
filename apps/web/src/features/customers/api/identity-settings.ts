import { type IdentitySettings, identitySettings } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { customersKeys } from './keys.ts';

/** GET /api/v1/identity-settings (admin): the identity policy. */
export const useIdentitySettings = () =>
  useQuery(
    apiQuery({
      read: identitySettings.parse,
      queryKey: customersKeys.identitySettings(),
      path: apiPaths.identitySettings,
    }),
  );

/** PUT /api/v1/identity-settings (admin). */
export function saveIdentitySettings(input: IdentitySettings): Promise<IdentitySettings> {
  return apiData.put(apiPaths.identitySettings, identitySettings.parse, identitySettings.parse(input));
}

export const useSaveIdentitySettings = () =>
  useApiMutation(['customers', 'identity-settings'], saveIdentitySettings, {
    // Expedientes are read fresh on every visit (staleTime 0), so only the policy itself reloads.
    invalidates: [customersKeys.identitySettings()],
    cacheReplyAt: () => customersKeys.identitySettings(),
  });
