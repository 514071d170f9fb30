import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toast, Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';

import { Toaster } from '@/components/ui/toaster';

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
};

/** Spec §9: toasts 5000 ms, swipe right past 50 px to dismiss; tooltips after 700 ms, 300 ms skip delay. */
export const AppProvider = ({ queryClient, children }: AppProviderProps) => (
  <QueryClientProvider client={queryClient}>
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notificación">
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        {children}
        <Toaster />
      </Tooltip.Provider>
    </Toast.Provider>
  </QueryClientProvider>
);
