import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen.tsx';
import { NotFound } from './NotFound.tsx';

/** The router's error element: 404s get the friendly page, anything else the error screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return <ErrorScreen />;
}
