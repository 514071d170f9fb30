import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toast } from 'radix-ui';
import type { ReactNode } from 'react';

import { Toaster } from '@/components/ui/toaster';

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
};

/**
 * Spec §9: toasts 5000 ms, swipe right past 50 px to dismiss. The toaster is in the main bundle although
 * toasts only follow a user's action: the app's answer to a lost connection ("Sin conexión") is a toast, so
 * its code must be there before the connection goes (docs/performance.md).
 */
export const AppProvider = ({ queryClient, children }: AppProviderProps) => (
  <QueryClientProvider client={queryClient}>
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notificación">
      {children}
      <Toaster />
    </Toast.Provider>
  </QueryClientProvider>
);
