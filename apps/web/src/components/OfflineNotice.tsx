import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { offlineBannerText } from '../lib/offline-copy.ts';
import { EmptyState } from './QueryState.tsx';

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
