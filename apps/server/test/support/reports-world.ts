import { reportsApi } from './api.ts';
import { useTestAppWithDataDir } from './app.ts';
import { addDays, businessToday } from './clock.ts';

/**
 * The set-up shared by the report tests: called once at the top of the file, it registers the app's
 * hooks. The fixtures are laid out in business days around `T`, the day the file was collected on.
 */
export function useReportsWorld() {
  const context = useTestAppWithDataDir();
  const T = businessToday();
  return { context, reports: reportsApi(context), T, day: (offset: number) => addDays(T, offset) };
}
