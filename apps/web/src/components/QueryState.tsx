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
  if (query.isPending) return <CenteredLoader label={loadingLabel} />;
  if (query.isError || !query.data) {
    return <RetryAlert text={errorText} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <EmptyState icon={emptyIcon} color={emptyColor}>
        {emptyText}
      </EmptyState>
    );
  }
  return <>{children(query.data)}</>;
}

/** An empty list: a soft round icon over a dimmed, centred sentence. */
export function EmptyState({
  icon,
  color = 'gray',
  children,
}: {
  icon: ReactNode;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py="lg">
      <ThemeIcon size={44} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Stack>
  );
}

/** A spinner in the middle of the space its content will take; `label` names it for screen readers. */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** One record loaded by id (e.g. for an edit dialog): a spinner, a retry alert, then the record. */
export function QueryRecord<T>({
  query,
  loadingLabel,
  errorText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  loadingLabel: string;
  errorText: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <CenteredLoader label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return <RetryAlert text={errorText} onRetry={() => void query.refetch()} />;
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
