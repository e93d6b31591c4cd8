import './styles.ts';
import type { PublicPage } from '@prestaya/contracts/plain';
import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../app/FullPageLoader.tsx';
import { NotFound } from '../app/NotFound.tsx';
import { startPublicPage } from './start.tsx';

/**
 * Entry of public.html: the public 404, and any public page when its own document (pages/*.html,
 * src/public/entries) is missing. Each public page is its own document, so no public entry carries a
 * client router, guards or session: a visitor of /consulta downloads React, Mantine and the page,
 * nothing of the back office (e2e/bundle-budget.spec.ts).
 */
const Landing = lazy(() => import('./pages/landing.tsx'));
const Consulta = lazy(() => import('./pages/consulta.tsx'));
const LoanDetails = lazy(() => import('./pages/loan-details.tsx'));

function Page({ page }: { page: PublicPage }) {
  if (page.name === 'landing') return <Landing />;
  if (page.name === 'consulta') return <Consulta />;
  if (page.name === 'loan') return <LoanDetails id={page.id} />;
  return <NotFound />;
}

startPublicPage((page) => (
  <Suspense fallback={<FullPageLoader />}>
    <Page page={page} />
  </Suspense>
));
