import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredNotifications } from '../components/DeferredNotifications.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  /** 'test' disables transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
