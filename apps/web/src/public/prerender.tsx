import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicApp } from './PublicApp.tsx';
import ConsultaPage from './pages/consulta.tsx';
import LandingPage from './pages/landing.tsx';
import LoanPage from './pages/loan-details.tsx';

/**
 * The public pages the build writes as HTML (vite.config.ts, pages/*.html): what a phone paints before
 * any script has run. A statement is prerendered as it first renders in the browser, loading: its loan
 * is read after hydration.
 */
const PAGES: Record<string, { pathname: string; element: ReactNode }> = {
  landing: { pathname: '/', element: <LandingPage /> },
  consulta: { pathname: '/consulta', element: <ConsultaPage /> },
  loan: { pathname: '/loans/', element: <LoanPage id="" /> },
};

export const PRERENDERED_PAGES = Object.keys(PAGES);

export function prerender(name: string): string {
  const page = PAGES[name];
  if (!page) throw new Error(`No public page named ${name}`);
  return renderToString(<PublicApp pathname={page.pathname}>{page.element}</PublicApp>);
}
