import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Show only work that lasts a moment, so quick navigations do not flash the page. */
const SHOW_DELAY_MS = 120;

function useDelayedFlag(active: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

export function LoadingIndicator() {
  return (
    <Stack align="center" gap="xs">
      <Loader />
      <Text fw={500} role="status">
        Cargando...
      </Text>
    </Stack>
  );
}

/** Full-page overlay 'Cargando...' (spec 2): while a mutation runs or a route (lazy chunk, guard) loads. */
export function FullPageLoader({ visible = true }: { visible?: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={350}
      overlayProps={{ backgroundOpacity: 0.45, color: '#fff' }}
      transitionProps={{ duration: 250 }}
      loaderProps={{ children: <LoadingIndicator /> }}
    />
  );
}

/** Background list refetches are not included: tables show their own loader. */
export function GlobalLoader() {
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = mutating > 0 || navigation.state === 'loading';
  const visible = useDelayedFlag(busy, SHOW_DELAY_MS);
  return <FullPageLoader visible={visible} />;
}
