import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { screenPaths } from '../../../lib/paths.ts';
import { useLogin } from '../api/login.ts';
import { registrationStatusQueryOptions } from '../api/registration-status.ts';
import { ForgotPassword } from './ForgotPassword.tsx';

export const LOGIN_FAILED = 'Error iniciando sesión. Usuario y/o contraseña incorrecta';

export interface LoginPanelProps {
  /** Goes to another screen: the router's, or the entry's that starts the back office (src/main.tsx). */
  navigate: (path: string, options?: { replace?: boolean }) => void;
  /** A password just set through a reset link brings its username along. */
  arrivedAs?: string;
}

/**
 * Login screen (docs/product.md §2 "Login"), without React Router: a first visit to /auth/login renders it alone and
 * downloads the back office only when sign-in succeeds (src/main.tsx).
 */
export function LoginPanel({ navigate, arrivedAs }: LoginPanelProps) {
  const login = useLogin();
  const [email, setEmail] = useState(arrivedAs ?? '');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState({ email: false, password: false });
  const [failed, setFailed] = useState(false);
  // Only while no user exists: afterwards the server refuses registration, so the link would mislead.
  const registrationOpen = useQuery(registrationStatusQueryOptions()).data?.open === true;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const username = email.trim().toLowerCase();
    // Nothing is sent while a field is empty.
    if (!username || !password) {
      setMissing({ email: !username, password: !password });
      return;
    }
    setMissing({ email: false, password: false });
    setFailed(false);
    login.mutate(
      { username, password },
      {
        onSuccess: () => navigate(screenPaths.afterLogin, { replace: true }),
        onError: () => setFailed(true),
      },
    );
  };

  const toRegister = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) is the browser's to handle.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(screenPaths.register);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Iniciar sesión
        </Title>
        <Text c="dimmed" size="sm">
          Accede al panel de administración de PrestaYa.
        </Text>
      </Stack>

      {failed && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          {LOGIN_FAILED}
        </Alert>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            type="email"
            name="username"
            autoComplete="username"
            placeholder="nombre@empresa.com"
            leftSection={<IconAt size={16} aria-hidden />}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={missing.email ? 'Ingrese su correo electrónico' : undefined}
            autoFocus
          />
          <PasswordInput
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} aria-hidden />}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={missing.password ? 'Ingrese su contraseña' : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
          />
          <Group justify="flex-end">
            <ForgotPassword />
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {login.isPending ? 'Validando...' : 'Entrar'}
          </Button>
        </Stack>
      </form>

      {registrationOpen && (
        <Text size="sm" ta="center">
          ¿Primera vez en PrestaYa?{' '}
          <Anchor href={screenPaths.register} onClick={toRegister} fw={600}>
            Crear cuenta
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
