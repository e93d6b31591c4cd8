import { type BusinessSettingsInput, businessSettings } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** PUT /api/v1/settings/business (administrators) → the saved settings. */
export const updateBusinessSettings = (body: BusinessSettingsInput) =>
  apiData.put(apiPaths.businessSettings, businessSettings.parse, body);

export const useUpdateBusinessSettings = () =>
  useApiMutation(['business-settings', 'update'], updateBusinessSettings, {
    cacheReplyAt: () => queryRoots.businessSettings,
    invalidates: [queryRoots.businessSettings, queryRoots.audit],
  });
