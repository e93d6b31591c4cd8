import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The 'Cargando...' overlay, without router state: the public entry uses it as its Suspense fallback. */
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

/** Full-page overlay 'Cargando...' (docs/product.md §2): while a mutation runs or a route (lazy chunk, guard) loads. */
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

/** The overlay once `busy` has lasted a moment: the router's (GlobalLoader) and Login's on its own. */
export function DelayedPageLoader({ busy }: { busy: boolean }) {
  return <FullPageLoader visible={useDelayedFlag(busy, SHOW_DELAY_MS)} />;
}
