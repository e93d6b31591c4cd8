import { createBrowserRouter, RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { screenPaths } from '../lib/paths.ts';
import { AppProviders } from './providers.tsx';
import { queryClient } from './query-client.ts';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

// docs/product.md §8: any 401 → session cleared (by the API client), go to Login, no message.
setUnauthorizedHandler(() => {
  void queryClient.cancelQueries();
  if (router.state.location.pathname !== screenPaths.login)
    void router.navigate(screenPaths.login, { replace: true });
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
