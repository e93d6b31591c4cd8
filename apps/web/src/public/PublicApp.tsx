import { MantineProvider } from '@mantine/core';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorScreen } from '../app/ErrorScreen.tsx';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { DeferredNotifications } from '../components/DeferredNotifications.tsx';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * The tree of every public page around the page itself: the same in the browser and in the build's
 * prerender (src/public/prerender.tsx), so the browser hydrates the prerendered HTML without a mismatch.
 */
export function PublicApp({ pathname, children }: { pathname: string; children: ReactNode }) {
  // `<html data-hydrated>` once React owns the prerendered page: before then a submit is the bare HTML
  // form's, so the journeys wait for it before clicking (e2e/support/public-page.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <DeferredNotifications />
        <PublicLayout pathname={pathname}>
          <ErrorBoundary fallback={<ErrorScreen />}>{children}</ErrorBoundary>
        </PublicLayout>
      </MantineProvider>
    </StrictMode>
  );
}
