import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { offlineBannerText } from '../lib/offline-copy.ts';

export { OfflineEmpty } from './QueryState.tsx';

/**
 * 'Sin conexión · datos de las HH:MM' over a screen that shows the phone's copy; nothing while it
 * shows the server's answer (`savedAt` undefined).
 */
export function OfflineBanner({ savedAt }: { savedAt: number | string | undefined }) {
  if (savedAt === undefined) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconWifiOff size={18} aria-hidden />}
      role="status"
      data-testid="offline-banner"
    >
      {offlineBannerText(savedAt)}
    </Alert>
  );
}
