import { ArrowLeft, Candy, Coffee, House, Popcorn, Search, type LucideIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { APP_NAME } from '@/config/brand';

export const NOT_FOUND_TITLE = 'Página no encontrada';

type Destination = { to: string; label: string; Icon: LucideIcon; testId: string };

const DESTINATIONS: readonly Destination[] = [
  { to: '/desayuno', label: 'Desayuno', Icon: Coffee, testId: 'not-found-breakfast' },
  { to: '/snacks', label: 'Snacks', Icon: Popcorn, testId: 'not-found-snacks' },
  {
    to: '/chocolates-galletas-y-dulces',
    label: 'Chocolates, galletas y dulces',
    Icon: Candy,
    testId: 'not-found-sweets',
  },
  { to: '/search', label: 'Buscar productos', Icon: Search, testId: 'not-found-search' },
];

const tileClass =
  'flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 py-3 font-medium text-stone-800 shadow-sm ring-1 ring-stone-200 hover:bg-brand-50 hover:ring-brand-200';

/** Spec §2: any other path shows a 404 with links to home, back, breakfast, snacks, sweets and search. */
export const NotFoundRoute = () => {
  const navigate = useNavigate();
  const location = useLocation();

  // "Volver" is a real link to home that goes back when there is somewhere to go back to:
  // inside the app (React Router gives the first entry the key 'default') or, failing that, the browser tab.
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (location.key !== 'default') {
      event.preventDefault();
      void navigate(-1);
    } else if (window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 md:py-16">
      <title>{`${NOT_FOUND_TITLE} · ${APP_NAME}`}</title>
      <p className="text-sm font-semibold tracking-widest text-brand-700">ERROR 404</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900">{NOT_FOUND_TITLE}</h1>
      <p className="mt-3 text-stone-700">
        La página que buscas no existe o cambió de dirección. Prueba con alguno de estos caminos:
      </p>

      <nav aria-label="Caminos sugeridos" className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2">
          <li>
            <Link to="/" className={tileClass} data-testid="not-found-home">
              <House aria-hidden="true" className="size-5 text-brand-700" />
              Ir al inicio
            </Link>
          </li>
          <li>
            <Link to="/" onClick={goBack} className={tileClass} data-testid="not-found-back">
              <ArrowLeft aria-hidden="true" className="size-5 text-brand-700" />
              Volver atrás
            </Link>
          </li>
          {DESTINATIONS.map(({ to, label, Icon, testId }) => (
            <li key={to}>
              <Link to={to} className={tileClass} data-testid={testId}>
                <Icon aria-hidden="true" className="size-5 text-brand-700" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
};
