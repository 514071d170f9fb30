import type { ReactNode } from 'react';

import { OfflineScreen } from '@/components/layouts/offline-screen';
import { Spinner } from '@/components/ui/spinner';
import { isOfflineError } from '@/lib/error-message';

import { useAuthStatus } from '../api/get-auth-status';

export const ACCESS_CHECK_LABEL = 'Verificando acceso...';

type AccessGateProps = {
  /** What a signed-in user sees. */
  children: ReactNode;
  /** What everyone else sees instead (spec §2: the login screen, at the same address). */
  fallback: ReactNode;
};

/**
 * Spec §2: while GET /api/auth/status loads, a spinner with 'Verificando acceso...'; signed-out
 * visitors get the fallback. A failed check counts as signed out: we cannot prove access. Offline, the service
 * worker answers with the last status it kept (a member reads what this phone kept); with none kept, "Sin
 * conexión", not a sign-in form that could not work.
 */
export const AccessGate = ({ children, fallback }: AccessGateProps) => {
  const { data, isPending, error, refetch } = useAuthStatus();
  if (isPending) return <Spinner label={ACCESS_CHECK_LABEL} />;
  if (isOfflineError(error)) return <OfflineScreen onRetry={() => void refetch()} />;
  if (data?.authenticated) return children;
  return fallback;
};
