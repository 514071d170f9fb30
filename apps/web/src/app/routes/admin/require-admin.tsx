import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Page } from '@/components/layouts/page';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStatus } from '@/features/auth/api/get-auth-status';
import { ACCESS_CHECK_LABEL } from '@/features/auth/components/access-gate';

export const NOT_AUTHORIZED_TITLE = 'Acceso no autorizado';

/** What a signed-in member without the admin role sees at /admin. */
export const NotAuthorized = () => (
  <Page title={NOT_AUTHORIZED_TITLE}>
    <div className="mt-6 flex max-w-xl items-start gap-4 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-800" />
      <div className="space-y-3 text-stone-800">
        <p className="font-semibold">No autorizado: esta sección es solo para administradores.</p>
        <p>Tu cuenta no tiene el rol de administración. Si crees que es un error, escríbenos.</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/" className={buttonClassName({ size: 'sm' })}>
            Volver al inicio
          </Link>
          <Link to="/contact" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Contacto
          </Link>
        </div>
      </div>
    </div>
  </Page>
);

/**
 * The admin screens check the role themselves (the gated layout only checks that someone is signed
 * in). This is for the person's sake: the server refuses a non-admin's calls with 403 regardless.
 */
export const RequireAdmin = ({ children }: { children: ReactNode }) => {
  const { data, isPending } = useAuthStatus();
  if (isPending) return <Spinner label={ACCESS_CHECK_LABEL} />;
  if (data?.user?.role !== 'admin') return <NotAuthorized />;
  return children;
};
