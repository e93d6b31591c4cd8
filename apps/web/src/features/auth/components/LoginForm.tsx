import { useLocation, useNavigate } from 'react-router';
import { LoginPanel } from './LoginPanel.tsx';

export { LOGIN_FAILED } from './LoginPanel.tsx';

/** The Login screen inside the router: after a sign-out, an expired session or a password reset. */
export function LoginForm() {
  const navigate = useNavigate();
  const arrivedAs = (useLocation().state as { username?: unknown } | null)?.username;
  return (
    <LoginPanel
      navigate={(path, options) => void navigate(path, options)}
      arrivedAs={typeof arrivedAs === 'string' ? arrivedAs : undefined}
    />
  );
}
