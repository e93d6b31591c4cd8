import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * Mantine's toasts, mounted when the first one is shown: their container (transitions, swipe to close,
 * scroll-lock classes) is ~12 KiB gzip that no page needs on its first load. `notifications.show` only
 * writes to the store, which the container renders once it has loaded.
 */
export function DeferredNotifications() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" limit={5} zIndex={1000} />
    </Suspense>
  );
}
