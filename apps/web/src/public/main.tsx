import './styles.ts';
import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorScreen } from '../app/ErrorScreen.tsx';
import { FullPageLoader } from '../app/FullPageLoader.tsx';
import { NotFound } from '../app/NotFound.tsx';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { DeferredNotifications } from '../components/DeferredNotifications.tsx';
import { matchPublicPage } from './match.ts';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * Entry of the borrower's pages (public.html: /, /consulta, /loans/:id and their 404). Each public page
 * is its own document, so this entry carries no client router, guards or session: a visitor of
 * /consulta downloads React, Mantine and the page, nothing of the back office (e2e/bundle-budget.spec.ts).
 */
const Landing = lazy(() => import('./pages/landing.tsx'));
const Consulta = lazy(() => import('./pages/consulta.tsx'));
const LoanDetails = lazy(() => import('./pages/loan-details.tsx'));

function Page({ pathname }: { pathname: string }) {
  const page = matchPublicPage(pathname);
  if (page.name === 'landing') return <Landing />;
  if (page.name === 'consulta') return <Consulta />;
  if (page.name === 'loan') return <LoanDetails id={page.id} />;
  return <NotFound />;
}

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

const { pathname } = window.location;
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DeferredNotifications />
      <PublicLayout pathname={pathname}>
        <ErrorBoundary fallback={<ErrorScreen />}>
          <Suspense fallback={<FullPageLoader />}>
            <Page pathname={pathname} />
          </Suspense>
        </ErrorBoundary>
      </PublicLayout>
    </MantineProvider>
  </StrictMode>,
);
