import { registerSW } from 'virtual:pwa-register';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginScreen } from './app/LoginScreen.tsx';
import { screenPaths } from './lib/paths.ts';
import { session } from './lib/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
const root = createRoot(container);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// The staff app works without signal (docs/architecture.md "Field collection (PWA)"); only this
// document registers the service worker, the borrower's pages never do.
registerSW({ immediate: true });

/** The back office with its router, a lazy chunk: it starts at the address bar's path. */
function startBackOffice() {
  void import('./app/App.tsx').then(({ App }) => render(<App />));
}

// A visit to Login without a stored session shows it alone (no router, no back office): what a phone
// downloads before signing in. With a stored token the router's Login guard tries the refresh first.
if (window.location.pathname === screenPaths.login && !session.storedToken()) {
  render(
    <LoginScreen
      navigate={(path, options) => {
        window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', path);
        startBackOffice();
      }}
    />,
  );
} else {
  startBackOffice();
}
