import type { ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';

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
 * visitors get the fallback. A failed check counts as signed out: we cannot prove access.
 */
export const AccessGate = ({ children, fallback }: AccessGateProps) => {
  const { data, isPending } = useAuthStatus();
  if (isPending) return <Spinner label={ACCESS_CHECK_LABEL} />;
  if (data?.authenticated) return children;
  return fallback;
};
