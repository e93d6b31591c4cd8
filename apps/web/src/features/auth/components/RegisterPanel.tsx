import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type RegisterRequest, registerRequest } from '@prestaya/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { saveCallbacks } from '../../../lib/form.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { useRegister } from '../api/register.ts';
import { registrationStatusQueryOptions } from '../api/registration-status.ts';
import { BackToLogin } from './BackToLogin.tsx';

export const REGISTRATION_CLOSED =
  'Las cuentas son creadas por un administrador. Solicita acceso a tu administrador.';

function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterRequest>({
    mode: 'controlled',
    initialValues: { name: '', lastName: '', username: '', password: '', pin: '' },
    validate: schemaResolver(registerRequest, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(() => {
    const body = registerRequest.parse(form.getValues());
    register.mutate(
      body,
      saveCallbacks(form, {
        saved: 'Cuenta de administrador creada. Ya puedes iniciar sesión.',
        onSaved: () => navigate(screenPaths.login, { replace: true }),
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Nombre" autoComplete="given-name" {...form.getInputProps('name')} />
        <TextInput label="Apellidos" autoComplete="family-name" {...form.getInputProps('lastName')} />
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Contraseña"
          description="Al menos 8 caracteres"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="PIN"
          description="4 a 6 dígitos; autoriza pagos registrados en la consulta pública"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
          {...form.getInputProps('pin')}
        />
        <Button type="submit" fullWidth size="md" mt="xs" loading={register.isPending}>
          Crear cuenta
        </Button>
      </Stack>
    </form>
  );
}

/** /auth/register: creates the first administrator while the system has no users. */
export function RegisterPanel() {
  const status = useQuery(registrationStatusQueryOptions());
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Crear cuenta
        </Title>
        {status.data?.open && (
          <Text c="dimmed" size="sm">
            Registra al primer administrador del sistema.
          </Text>
        )}
      </Stack>
      {status.isPending && (
        <Center py="lg">
          <Loader aria-label="Cargando" />
        </Center>
      )}
      {status.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconInfoCircle size={18} aria-hidden />}>
          No se pudo consultar el registro de cuentas.{' '}
          <Anchor component="button" type="button" onClick={() => void status.refetch()}>
            Reintentar
          </Anchor>
        </Alert>
      )}
      {status.data && !status.data.open && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {REGISTRATION_CLOSED}
        </Alert>
      )}
      {status.data?.open && <RegisterForm />}
      <BackToLogin />
    </Stack>
  );
}
