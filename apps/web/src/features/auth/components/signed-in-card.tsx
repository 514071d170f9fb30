import { hasRole, type AuthUser } from '@etiqueta/contracts';
import { CircleUserRound, HeartPulse, History, LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { APP_NAME } from '@/config/brand';
import { errorMessage } from '@/lib/error-message';

import { useLogout } from '../api/logout';
import { Alert } from '@/components/ui/alert';

/** What /login shows to someone already signed in: who they are, where to go, and how to leave. */
export const SignedInCard = ({ user }: { user: AuthUser }) => {
  const logout = useLogout();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12">
      <title>{`Mi cuenta · ${APP_NAME}`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">Mi cuenta</h1>
      <div className="mt-6 flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <CircleUserRound aria-hidden="true" className="size-10 shrink-0 text-brand-700" strokeWidth={1.5} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">
            {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
          </p>
          <p className="truncate text-sm text-stone-600">{user.email}</p>
        </div>
      </div>
      <div className="mt-6 grid gap-3">
        <Link to="/" className={buttonClassName({ size: 'lg' })}>
          Ir al inicio
        </Link>
        <Link to="/historial" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
          <History aria-hidden="true" className="size-5" />
          Historial
        </Link>
        <Link to="/para-ti" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
          <HeartPulse aria-hidden="true" className="size-5" />
          Para ti: alergias y dietas
        </Link>
        <Link to="/cuenta" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
          <ShieldCheck aria-hidden="true" className="size-5" />
          Mis datos y privacidad
        </Link>
        {hasRole(user.role, 'influencer') ? (
          <Link to="/admin" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            Panel de Administración
          </Link>
        ) : null}
        <Button variant="ghost" size="lg" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" className="size-5" />
          {logout.isPending ? 'Cerrando sesión...' : 'Cerrar sesión'}
        </Button>
        {logout.error ? (
          <Alert variant="inline">
            {errorMessage(logout.error)}
          </Alert>
        ) : null}
      </div>
    </div>
  );
};
