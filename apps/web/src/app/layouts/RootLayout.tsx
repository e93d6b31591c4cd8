import { Outlet, ScrollRestoration } from 'react-router';
import { GlobalLoader } from '../GlobalLoader.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <GlobalLoader />
      <ScrollRestoration />
    </>
  );
}
