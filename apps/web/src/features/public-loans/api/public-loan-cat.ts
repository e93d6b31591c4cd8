import { useEffect, useState } from 'react';
import { apiPaths } from '../../../lib/paths.ts';
import { publicRequest } from './client.ts';

const isLoanCat = (value: unknown): value is { cat: number } =>
  typeof value === 'object' && value !== null && typeof (value as { cat?: unknown }).cat === 'number';

/**
 * GET /public/api/v1/loans/{id}/cat: the statement's CAT, read once beside the statement and never
 * waited for (the figure is informative; a failure leaves it out).
 */
export function usePublicLoanCat(id: string): number | undefined {
  const [cat, setCat] = useState<number>();
  useEffect(() => {
    const controller = new AbortController();
    publicRequest(`${apiPaths.publicLoans}/${encodeURIComponent(id)}/cat`, isLoanCat, {
      signal: controller.signal,
    }).then(
      (reply) => !controller.signal.aborted && setCat(reply.cat),
      () => undefined,
    );
    return () => controller.abort();
  }, [id]);
  return cat;
}
