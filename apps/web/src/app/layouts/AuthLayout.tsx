import { Outlet } from 'react-router';
import { AuthFrame } from './AuthFrame.tsx';

/** The auth routes' layout: their screen inside the auth frame. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}
