import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../lib/api.ts';
import { isNetworkFailure } from '../lib/offline-copy.ts';

/** A part of a screen the phone has not loaded, without signal. */
export const NOT_ON_PHONE =
  'Sin conexión: esto no está guardado en este teléfono. Se cargará al volver la señal.';

/** What a query says about the network, for the offline state (optional: older callers pass less). */
interface NetworkHint {
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  error?: unknown;
}

/** Nothing loaded and no signal: TanStack Query holds the request, or it got no reply at all. */
const offlineWithNothing = (
  query: NetworkHint & { isPending: boolean; isError: boolean },
  hasData: boolean,
) =>
  !hasData &&
  ((query.isPending && query.fetchStatus === 'paused') || (query.isError && isNetworkFailure(query.error)));

interface QueryStateProps<T> {
  query: {
    isPending: boolean;
    isError: boolean;
    data: T[] | undefined;
    refetch: () => unknown;
  } & NetworkHint;
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
  if (offlineWithNothing(query, query.data !== undefined)) return <OfflineEmpty>{NOT_ON_PHONE}</OfflineEmpty>;
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

interface IconNoticeProps {
  icon: ReactNode;
  color?: string;
  /** The icon of a whole screen's notice (restricted, unfinished) rather than of a list's. */
  large?: boolean;
  py?: 'lg' | 'xl';
  children: ReactNode;
}

/** A soft round icon over a centred message: an empty list, a closed or unfinished section. */
export function IconNotice({ icon, color = 'gray', large = false, py = 'lg', children }: IconNoticeProps) {
  return (
    <Stack align="center" gap="xs" py={py}>
      <ThemeIcon size={large ? 56 : 44} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      {children}
    </Stack>
  );
}

/** An empty list: the icon over a dimmed sentence. */
export function EmptyState({ children, ...notice }: IconNoticeProps) {
  return (
    <IconNotice {...notice}>
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </IconNotice>
  );
}

/** A screen (or part) the phone has no copy of, without signal: said plainly, not as an error. */
export function OfflineEmpty({ children }: { children: ReactNode }) {
  return (
    <div data-testid="offline-empty">
      <EmptyState icon={<IconWifiOff size={24} />} color="orange">
        {children}
      </EmptyState>
    </div>
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
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown } & NetworkHint;
  loadingLabel: string;
  errorText: string;
  children: (record: T) => ReactNode;
}) {
  if (offlineWithNothing(query, query.data !== undefined)) return <OfflineEmpty>{NOT_ON_PHONE}</OfflineEmpty>;
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

/** A quiet 'Reintentar' beside what failed to load. */
export function RetryButton({ size, onClick }: { size: 'xs' | 'compact-sm'; onClick: () => void }) {
  return (
    <Button
      size={size}
      variant="subtle"
      leftSection={<IconRefresh size={14} aria-hidden />}
      onClick={onClick}
    >
      Reintentar
    </Button>
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
        {!notFound && <RetryButton size="xs" onClick={onRetry} />}
      </Group>
    </Alert>
  );
}
