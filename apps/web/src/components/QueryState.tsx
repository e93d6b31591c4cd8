import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../lib/api.ts';

interface QueryStateProps<T> {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  /** Names the loader for screen readers, e.g. 'Cargando pagos'. */
  loadingLabel: string;
  /** Shown with a 'Reintentar' link when the load fails. */
  errorText: string;
  emptyText: string;
  emptyIcon: ReactNode;
  emptyColor?: string;
  children: (rows: T[]) => ReactNode;
}

/** The loading, error (with retry) and empty states of a list loaded with TanStack Query, in one place. */
export function QueryState<T>({
  query,
  loadingLabel,
  errorText,
  emptyText,
  emptyIcon,
  emptyColor = 'gray',
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  if (query.isError || !query.data) {
    return <RetryAlert text={errorText} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon size={44} radius="xl" variant="light" color={emptyColor} aria-hidden>
          {emptyIcon}
        </ThemeIcon>
        <Text size="sm" c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * A part of a screen that failed to load: what failed, the server's Spanish detail when it sent one,
 * and a 'Reintentar' link. The rest of the screen stays usable.
 */
export function RetryAlert({
  text,
  error,
  onRetry,
  icon,
}: {
  text: string;
  error?: unknown;
  onRetry: () => void;
  icon?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" role="alert" icon={icon}>
      {text} {isApiError(error) ? error.detail : ''}{' '}
      <Anchor component="button" type="button" onClick={onRetry}>
        Reintentar
      </Anchor>
    </Alert>
  );
}

/**
 * A details screen whose record failed to load: the server's Spanish detail (404, 403…) as the title,
 * a way back to the list and, unless the record does not exist, a retry button.
 */
export function LoadError({
  error,
  onRetry,
  what,
  back,
}: {
  error: unknown;
  onRetry: () => void;
  /** Names the record in the fallback text, e.g. 'el pago' → 'No se pudo cargar el pago.' */
  what: string;
  back: { to: string; label: string };
}) {
  const detail = isApiError(error) ? error.detail : `No se pudo cargar ${what}.`;
  const notFound = isApiError(error) && error.status === 404;
  return (
    <Alert color={notFound ? 'gray' : 'red'} variant="light" role="alert" title={detail}>
      <Group gap="sm" mt={4}>
        <Button component={Link} to={back.to} variant="light" size="xs">
          {back.label}
        </Button>
        {!notFound && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            Reintentar
          </Button>
        )}
      </Group>
    </Alert>
  );
}
