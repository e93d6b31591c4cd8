import { Alert, Anchor, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

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
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText}{' '}
        <Anchor component="button" type="button" onClick={() => void query.refetch()}>
          Reintentar
        </Anchor>
      </Alert>
    );
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
