import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicApp } from './PublicApp.tsx';
import ConsultaPage from './pages/consulta.tsx';
import LandingPage from './pages/landing.tsx';
import LoanPage from './pages/loan-details.tsx';

/**
 * The public pages the build writes as HTML (vite.config.ts, pages/*.html): what a phone paints before
 * any script has run. A statement is prerendered as it first renders in the browser, loading: its loan
 * is read after hydration. The landing is text and plain links only (its buttons are anchors, the
 * header's too): its built document is that HTML and CSS, without scripts, so a phone spends no time
 * downloading, evaluating and hydrating React for it. Give it `scripts: true` the day it needs one.
 */
const PAGES: Record<string, { pathname: string; element: ReactNode; scripts: boolean }> = {
  // The server writes the business's contact data into the landing's slots (plugins/web-app.ts).
  landing: { pathname: '/', element: <LandingPage contact="template" />, scripts: false },
  consulta: { pathname: '/consulta', element: <ConsultaPage />, scripts: true },
  loan: { pathname: '/loans/', element: <LoanPage id="" />, scripts: true },
};

/** Whether the page's built document keeps its scripts (hydration), or is its prerendered HTML alone. */
export function pageNeedsScripts(name: string): boolean {
  return PAGES[name]?.scripts ?? true;
}

export function prerender(name: string): string {
  const page = PAGES[name];
  if (!page) throw new Error(`No public page named ${name}`);
  return renderToString(<PublicApp pathname={page.pathname}>{page.element}</PublicApp>);
}
