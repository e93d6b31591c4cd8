import { type BusinessSettings, readBusinessSettings } from '@prestaya/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from './paths.ts';
import { apiQuery } from './query.ts';
import { queryRoots } from './query-keys.ts';

/**
 * GET /api/v1/settings/business: the business's name, phone, WhatsApp, address, hours and complaints
 * contact, for the receipts, statements and messages every feature prints or shares. It changes
 * rarely (an administrator's 'Configuración', which invalidates it), so one copy lasts the session.
 */
export const businessSettingsQuery = () =>
  apiQuery<BusinessSettings>({
    queryKey: queryRoots.businessSettings,
    path: apiPaths.businessSettings,
    read: readBusinessSettings,
    staleTime: 10 * 60_000,
  });

/** The settings, or undefined while loading or when they could not be read (then nothing is shown). */
export function useBusinessSettings(): BusinessSettings | undefined {
  return useQuery(businessSettingsQuery()).data;
}
