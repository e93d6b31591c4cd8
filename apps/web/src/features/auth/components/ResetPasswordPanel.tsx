import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  PASSWORD_RESET_TOKEN_SHAPE,
  type PasswordResetForm,
  type PasswordResetStatus,
  passwordResetForm,
} from '@prestaya/contracts';
import { IconAlertCircle, IconLinkOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { saveCallbacks } from '../../../lib/form.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { fullName, session } from '../../../lib/session.ts';
import { passwordResetKey, passwordResetQueryOptions } from '../api/get-password-reset.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { BackToLogin } from './BackToLogin.tsx';

export const RESET_DONE = 'Contraseña actualizada. Inicia sesión con tu nueva contraseña.';
export const DEAD_LINK_TITLE = 'Este enlace ya no sirve';
export const CUT_SHORT_TITLE = 'Enlace incompleto';
export const CUT_SHORT_HELP =
  'El enlace está incompleto o mal copiado. Revisa que lo hayas copiado completo, o pide a un administrador uno nuevo.';

/** Why the link cannot be used: a warning with a title, no form. */
function LinkProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={title}
      icon={<IconLinkOff size={18} aria-hidden />}
    >
      {children}
    </Alert>
  );
}

function ResetForm({ token, account }: { token: string; account: PasswordResetStatus }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const form = useForm<PasswordResetForm>({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(passwordResetForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(({ password }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, password },
      saveCallbacks(form, {
        saved: RESET_DONE,
        failed: 'No se pudo cambiar la contraseña',
        onSaved: ({ username }) => {
          // Every session of this user has just ended; another user's session here is left alone.
          if (session.get()?.user.username === username) session.clear();
          navigate(screenPaths.login, { replace: true, state: { username } });
          // The link is used up: coming back here reads it again (and finds it dead).
          queryClient.removeQueries({ queryKey: passwordResetKey(token) });
        },
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {/* An e-mail username has no space to break at: it may wrap anywhere on a phone. */}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Asigna una nueva contraseña a la cuenta de <strong>{fullName(account)}</strong> ({account.username}
          ). El enlace vence el {formatDateTime(account.expiresOn)} y solo se puede usar una vez.
        </Text>
        <PasswordInput
          label="Nueva contraseña"
          description="Al menos 8 caracteres"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
          autoFocus
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirmar contraseña"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          Guardar contraseña
        </Button>
      </Stack>
    </form>
  );
}

/** /auth/reset/:token: the page a password reset link opens; no session needed. */
export function ResetPasswordPanel({ token }: { token: string }) {
  // A token of another shape was cut short when copied: no request can make it work.
  const wellFormed = PASSWORD_RESET_TOKEN_SHAPE.test(token);
  const link = useQuery({ ...passwordResetQueryOptions(token), enabled: wellFormed });
  // A 404 is the server's one answer for every link that does not work: its detail explains.
  const dead = isApiError(link.error) && link.error.status === 404 ? link.error.detail : null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Restablecer contraseña
      </Title>
      {!wellFormed && <LinkProblem title={CUT_SHORT_TITLE}>{CUT_SHORT_HELP}</LinkProblem>}
      {wellFormed && link.isPending && (
        <Center py="lg">
          <Loader aria-label="Cargando" />
        </Center>
      )}
      {dead !== null && (
        <LinkProblem title={DEAD_LINK_TITLE}>
          {dead} Los enlaces vencen a las 24 horas y sirven una sola vez.
        </LinkProblem>
      )}
      {link.isError && dead === null && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          {isApiError(link.error) ? link.error.detail : 'No se pudo consultar el enlace.'}{' '}
          <Anchor component="button" type="button" onClick={() => void link.refetch()}>
            Reintentar
          </Anchor>
        </Alert>
      )}
      {link.data && <ResetForm token={token} account={link.data} />}
      <BackToLogin />
    </Stack>
  );
}
