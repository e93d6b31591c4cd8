import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { LoginPanel, type LoginPanelProps } from '../features/auth/components/LoginPanel.tsx';
import { DelayedPageLoader } from './FullPageLoader.tsx';
import { AuthFrame } from './layouts/AuthFrame.tsx';
import { AppProviders } from './providers.tsx';
import { queryClient } from './query-client.ts';

/** What the router's GlobalLoader shows: 'Cargando...' while signing in and while the back office loads. */
function LoginScreenLoader({ leaving }: { leaving: boolean }) {
  return <DelayedPageLoader busy={useIsMutating() > 0 || leaving} />;
}

/**
 * Login on a first visit, outside React Router and the back office's providers: a phone signing in
 * downloads neither until sign-in succeeds, when `navigate` starts the back office (src/main.tsx).
 */
export function LoginScreen({ navigate }: Pick<LoginPanelProps, 'navigate'>) {
  const [leaving, setLeaving] = useState(false);
  return (
    <AppProviders queryClient={queryClient}>
      <title>Iniciar sesión · PrestaYa</title>
      <AuthFrame>
        <LoginPanel
          navigate={(...target) => {
            setLeaving(true);
            navigate(...target);
          }}
        />
      </AuthFrame>
      <LoginScreenLoader leaving={leaving} />
    </AppProviders>
  );
}
