import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// Toasts only follow something a user did, so Radix Toast (~9 KB compressed) is not in the main bundle: its
// chunk loads once the first screen is up. Toasts raised before it arrives wait in the store. If it cannot load
// (offline), there are no toasts rather than a broken app.
const Toaster = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('@/components/ui/toaster').then(
      (m) => ({ default: m.Toaster }),
      () => ({ default: () => null }),
    ),
);

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
};

export const AppProvider = ({ queryClient, children }: AppProviderProps) => (
  <QueryClientProvider client={queryClient}>
    {children}
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  </QueryClientProvider>
);
