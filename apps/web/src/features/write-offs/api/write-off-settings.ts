import { type WriteOffSettings, writeOffSettings } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { writeOffsKeys } from './keys.ts';

/** GET /api/v1/write-offs/settings (admin): the write-off policy. */
export const useWriteOffSettings = () =>
  useQuery(
    apiQuery({
      read: writeOffSettings.parse,
      queryKey: writeOffsKeys.settings(),
      path: apiPaths.writeOffSettings,
    }),
  );

/** PUT /api/v1/write-offs/settings (admin). */
export function saveWriteOffSettings(input: WriteOffSettings): Promise<WriteOffSettings> {
  return apiData.put(apiPaths.writeOffSettings, writeOffSettings.parse, writeOffSettings.parse(input));
}

export const useSaveWriteOffSettings = () =>
  useApiMutation(['write-offs', 'settings'], saveWriteOffSettings, {
    invalidates: [writeOffsKeys.settings()],
    cacheReplyAt: () => writeOffsKeys.settings(),
  });
