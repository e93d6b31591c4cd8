import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

// The staff app works without signal (docs/architecture.md "Field collection (PWA)"); only this
// document registers the service worker, the borrower's pages never do.
registerSW({ immediate: true });

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
