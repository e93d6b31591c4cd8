import { reportsApi } from './api.ts';
import { useTestAppWithDataDir } from './app.ts';
import { addDays, businessToday } from './clock.ts';

/**
 * The set-up shared by the report tests: importing this module registers the app's hooks. The fixtures
 * are laid out in business days around today, `T`.
 */
export const context = useTestAppWithDataDir();

export const reports = reportsApi(context);

export const T = businessToday();

export const day = (offset: number) => addDays(T, offset);
