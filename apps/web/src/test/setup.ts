import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../app/query-client.ts';
import { eraseOfflineData } from '../lib/offline-db.ts';
import { session } from '../lib/session.ts';

// Lazy routes and Mantine transitions make the first render of a file slower than the default 1 s.
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks the layout APIs Mantine relies on.
/** Evaluates simple width queries against jsdom's 1024 px window ('' matches, as in browsers). */
function evaluateMediaQuery(query: string): boolean {
  if (!query.trim()) return true;
  const width = window.innerWidth;
  const toPx = (n: string, unit: string) => Number(n) * (unit === 'px' ? 1 : 16);
  const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
  const max = /max-width:\s*([\d.]+)(px|em|rem)/.exec(query);
  if (!min && !max) return false;
  return (
    (!min || width >= toPx(min[1] ?? '0', min[2] ?? 'px')) &&
    (!max || width <= toPx(max[1] ?? '0', max[2] ?? 'px'))
  );
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: evaluateMediaQuery(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
window.scrollTo = () => {};
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(async () => {
  cleanup();
  // The in-memory stand-in of the device's IndexedDB (queued payments, cached lists) starts empty.
  await eraseOfflineData();
  session.clear();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  // The app's one client (Login uses it): files share modules, so its cache would reach the next file.
  queryClient.clear();
});
