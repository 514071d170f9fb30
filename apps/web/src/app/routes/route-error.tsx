import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { buttonClassName } from '@/components/ui/button';

/** Shown when a screen throws or its code cannot be loaded (e.g. an old tab after a deploy). */
export const RouteError = () => {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div role="alert" className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">Algo salió mal</h1>
      <p className="mt-2 text-stone-700">
        No pudimos mostrar esta página. Revisa tu conexión e inténtalo de nuevo.
      </p>
      {detail ? <p className="mt-2 text-sm break-words text-stone-500">{detail}</p> : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClassName()} onClick={() => window.location.reload()}>
          Recargar la página
        </button>
        <Link to="/" reloadDocument className={buttonClassName({ variant: 'secondary' })}>
          Ir al inicio
        </Link>
      </div>
    </div>
  );
};
