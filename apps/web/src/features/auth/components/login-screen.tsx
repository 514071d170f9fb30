import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';

export const LOGIN_TITLE = 'Iniciar sesión';

/** Spec §2 login: the beta notice, the email field and the waiting-list button. */
export const LoginScreen = () => (
  <div className="mx-auto w-full max-w-md px-4 py-10">
    <title>{`${LOGIN_TITLE} · Etiqueta Clara`}</title>
    <h1 className="text-2xl font-bold text-stone-900">{LOGIN_TITLE}</h1>
    <p className="mt-3 text-stone-700">
      Estamos en beta: por ahora solo pueden entrar las personas inscritas en el programa, con su email
      autorizado.
    </p>
    <Link
      to="/#quieres-unirte"
      className={buttonClassName({ variant: 'secondary', className: 'mt-6 w-full' })}
    >
      Unirme a la lista de espera
    </Link>
  </div>
);
