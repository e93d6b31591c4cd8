import { matchPublicPage, type PublicPage } from '@prestaya/contracts/plain';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicApp } from './PublicApp.tsx';

/**
 * Starts a public document on the page `render` picks for the address. A document the build
 * prerendered (pages/*.html) is hydrated; the generic one (public.html, the 404) and the dev server's
 * are rendered. Either way as a transition: React then works in slices of a few milliseconds and a slow
 * phone's main thread stays free for the visitor's first tap (Lighthouse's Total Blocking Time).
 */
export function startPublicPage(render: (page: PublicPage) => ReactNode) {
  const container = document.getElementById('root');
  if (!container) throw new Error('Falta el elemento #root');
  const { pathname } = window.location;
  const app = <PublicApp pathname={pathname}>{render(matchPublicPage(pathname))}</PublicApp>;
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
