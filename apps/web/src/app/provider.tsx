import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

// Toasts only follow something a user did, so Radix Toast (~9 KB compressed) is not in the main bundle: its
// chunk is asked for once the first screen is up and the browser is idle, so that on slow 4G it never competes
// with what that screen needs. Toasts raised before it arrives wait in the store. If it cannot load (offline),
// there are no toasts rather than a broken app.
const Toaster = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('@/components/ui/toaster').then(
      (m) => ({ default: m.Toaster }),
      () => ({ default: () => null }),
    ),
);

/** True once the browser has been idle after the first render (Safari has no requestIdleCallback). */
const useIdle = () => {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
};

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
};

export const AppProvider = ({ queryClient, children }: AppProviderProps) => {
  const idle = useIdle();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {idle ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
};
