import { type BusinessSettings, readBusinessSettings } from '@prestaya/contracts/plain';
import { useEffect, useState } from 'react';
import { isRecord } from '../../../lib/fetch-core.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { publicRequest } from './client.ts';

/**
 * GET /api/v1/settings/business (no session): the business's contact for the borrower's pages. Asked
 * once, beside the page's own read (never before it); null until it answers, and when it cannot be
 * read: then no contact is shown rather than a made-up one.
 */
export function useBusinessSettings(): BusinessSettings | null {
  const [settings, setSettings] = useState<BusinessSettings | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    publicRequest(apiPaths.businessSettings, isRecord, { signal: controller.signal })
      .then((data) => setSettings(readBusinessSettings(data)))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return settings;
}
