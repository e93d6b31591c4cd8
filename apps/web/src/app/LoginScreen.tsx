import { LoginPanel, type LoginPanelProps } from '../features/auth/components/LoginPanel.tsx';
import { AuthFrame } from './layouts/AuthFrame.tsx';
import { AppProviders } from './providers.tsx';
import { queryClient } from './query-client.ts';

/**
 * Login on a first visit, outside React Router and the back office's providers: a phone signing in
 * downloads neither until sign-in succeeds, when `navigate` starts the back office (src/main.tsx).
 */
export function LoginScreen({ navigate }: Pick<LoginPanelProps, 'navigate'>) {
  return (
    <AppProviders queryClient={queryClient}>
      <title>Iniciar sesión · PrestaYa</title>
      <AuthFrame>
        <LoginPanel navigate={navigate} />
      </AuthFrame>
    </AppProviders>
  );
}
