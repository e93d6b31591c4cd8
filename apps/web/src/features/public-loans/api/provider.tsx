import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useState } from 'react';

/**
 * The public pages load TanStack Query only with the parts that fetch (the public bundle budget), so they
 * bring their own client; inside an app (or a test) that already provides one, that one is used.
 */
export function PublicQueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [own] = useState(
    () => outer ?? new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  if (outer) return children;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
