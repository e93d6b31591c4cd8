import type { PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, renderRoutes, type SeenRequest } from '../../../test/utils.tsx';
import { Dashboard } from '../components/Dashboard.tsx';
import { adminLogin, ok, portfolioReport, TODAY, weeklyReport } from './fixtures.ts';

const routes: RouteObject[] = [{ path: '/admin/dashboard', element: <Dashboard /> }];

/** recharts is loaded on first use; on a busy machine that takes longer than the default wait. */
export const CHARTS_LOAD = 20_000;

const WEEKLY_PATH = '/api/v1/reports/weekly-payments';
const PORTFOLIO_PATH = '/api/v1/reports/portfolio';

type Reply<T> = T | Response | Promise<Response>;
interface Replies {
  weekly?: (request: SeenRequest) => Reply<WeeklyPaymentsReport>;
  portfolio?: () => Reply<PortfolioReport>;
}

/** The two report endpoints; the weekly one answers for the range it was asked. */
export function serve({ weekly, portfolio }: Replies = {}) {
  return mockServer((request) => {
    const reply =
      request.url.pathname === WEEKLY_PATH
        ? (weekly ?? weeklyFor)(request)
        : request.url.pathname === PORTFOLIO_PATH
          ? (portfolio ?? (() => portfolioReport()))()
          : undefined;
    if (reply === undefined || reply instanceof Response || reply instanceof Promise) return reply;
    return json(200, ok(reply));
  });
}

export const weeklyFor = ({ url }: SeenRequest) =>
  weeklyReport({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' });

export const weeklyCalls = (requests: SeenRequest[]) =>
  requests.filter((r) => r.url.pathname === WEEKLY_PATH).map((r) => Object.fromEntries(r.url.searchParams));
export const portfolioCalls = (requests: SeenRequest[]) =>
  requests.filter((r) => r.url.pathname === PORTFOLIO_PATH);

/**
 * A card by its visible title: the heading's section, checked to be a region named by that title
 * (role queries over the whole screen are slow in jsdom, so the region is found from its heading).
 */
export function card(title: string) {
  const section = screen.getByRole('heading', { name: title, level: 3 }).closest('section');
  if (!section) throw new Error(`No card titled ${title}`);
  expect(section).toHaveAccessibleName(title);
  return within(section);
}

/** Both reports rendered (the skeleton cards carry the same titles). */
export async function loaded() {
  await screen.findByText('$12,345.50');
  await screen.findByText('12.5%');
}

/**
 * Fixes today at TODAY for every test of the calling file. Only Date is faked: the current week is
 * fixed while timers, promises and user events run for real.
 */
export function fixToday() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Signs `login` in (the administrator unless given) and renders the dashboard at `path`. */
export function renderDashboard({ login = adminLogin, path = '/admin/dashboard' } = {}) {
  session.start(login);
  return renderRoutes(routes, path);
}
