import type { Product } from '@etiqueta/contracts';
import { type QueryKey, type UseQueryOptions, useQueries } from '@tanstack/react-query';
import { CircleAlert, House, Plus, RotateCw, Scale } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { APP_NAME } from '@/config/brand';
import {
  compareHref,
  MAX_COMPARE,
  parseCompareIds,
  removeComparePick,
  useComparePicks,
} from '@/lib/compare-selection';
import { errorMessage } from '@/lib/error-message';

import { CompareTableView } from './compare-table-view';
import { ShareLinkButton } from '@/components/ui/share-link-button';
import { Alert } from '@/components/ui/alert';

export const COMPARE_TITLE = 'Comparar productos';
export const PICK_HELP_TITLE = 'Elige 2 o 3 productos para compararlos';
export const COMPARE_ERROR_TITLE = 'No pudimos cargar la comparación';

const PageTitle = () => <title>{`${COMPARE_TITLE} · ${APP_NAME}`}</title>;

/** Fewer than two products to show: how to pick them, designed rather than an empty table. */
const PickHelp = () => (
  <section
    aria-labelledby="compare-help-title"
    className="mt-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    data-testid="compare-help"
  >
    <Scale aria-hidden="true" className="size-10 text-brand-700" />
    <h2 id="compare-help-title" className="mt-2 text-xl font-bold text-stone-900">
      {PICK_HELP_TITLE}
    </h2>
    <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-stone-800">
      <li>Abre un producto o una lista de productos.</li>
      <li>
        Toca <span className="font-semibold">«Comparar»</span> en cada producto que quieras ver (hasta {MAX_COMPARE}).
      </li>
      <li>
        Abajo aparece la barra <span className="font-semibold">«Comparar»</span>: tócala para verlos lado a lado.
      </li>
    </ol>
    <Link to="/" className={buttonClassName({ className: 'mt-5' })}>
      <House aria-hidden="true" className="size-5" />
      Buscar productos
    </Link>
  </section>
);

const CompareSkeleton = ({ columns }: { columns: number }) => (
  <div role="status" aria-busy="true" className="mt-4" data-testid="compare-skeleton">
    <span className="sr-only">Cargando comparación...</span>
    <div className="grid gap-2" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {Array.from({ length: columns }, (_, column) => (
        <div key={column} className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="size-16 rounded-lg sm:size-24" />
          {Array.from({ length: 6 }, (_, row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ))}
    </div>
  </div>
);

type Notice = { key: string; text: string };

/**
 * /comparar?ids=12,7,31 (issue 16, "Comparar"): the products of the address side by side. The address is the
 * whole state, so the link can be shared as it is. The products come from the product page's own query
 * (same cache, fetched in parallel). Every state is designed: loading, fewer than two products (how to pick
 * them), a product that does not exist (named, the others still compared), a failure (with a retry).
 */
type CompareScreenProps<Key extends QueryKey> = {
  /** The product page's own read (the route passes it), so a compared product is fetched and cached once. */
  productQuery: (id: number) => UseQueryOptions<Product, Error, Product, Key>;
  /** Whether a read failed because there is no such product (named in a notice, not an error). */
  isProductMissing: (error: unknown) => boolean;
};

export const CompareScreen = <Key extends QueryKey>({ productQuery, isProductMissing }: CompareScreenProps<Key>) => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const picks = useComparePicks();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const { ids, invalid, dropped } = parseCompareIds(searchParams.get('ids'));
  const queries = useQueries({ queries: ids.map((id) => productQuery(id)) });

  const nameOf = (id: number) => picks.find((pick) => pick.id === id)?.name;
  const notices: Notice[] = [];
  if (dropped.length > 0) {
    notices.push({
      key: 'dropped',
      text: `Puedes comparar hasta ${MAX_COMPARE} productos: mostramos los ${MAX_COMPARE} primeros del enlace.`,
    });
  }
  if (invalid.length > 0) {
    notices.push({ key: 'invalid', text: 'Parte del enlace no era un producto y la dejamos fuera.' });
  }
  ids.forEach((id, index) => {
    const query = queries[index];
    if (query?.isError && isProductMissing(query.error)) {
      const name = nameOf(id);
      notices.push({
        key: `missing-${id}`,
        text: name
          ? `No encontramos «${name}» (producto ${id}): puede que ya no esté en el catálogo.`
          : `No encontramos el producto ${id}: puede que ya no esté en el catálogo.`,
      });
    }
  });

  const failed = queries.filter((query) => query.isError && !isProductMissing(query.error));
  const products = queries.flatMap((query) => (query.data ? [query.data] : []));
  const pending = queries.some((query) => query.isPending);

  // The button pressed goes away with its column: focus moves to the title and the change is announced.
  const remove = (product: Product) => {
    removeComparePick(product.id);
    setRemoved(product.name);
    headingRef.current?.focus();
    void navigate(compareHref(ids.filter((id) => id !== product.id)));
  };

  const shareUrl = new URL(`${location.pathname}${location.search}`, window.location.origin).href;

  const header = (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-stone-900 focus:outline-none md:text-3xl"
        >
          {COMPARE_TITLE}
        </h1>
        <p role="status" className="sr-only">
          {removed ? `Quitaste «${removed}» de la comparación.` : ''}
        </p>
        {products.length >= 2 && !pending && failed.length === 0 ? (
          <p className="mt-1 text-stone-700">
            En cada fila, <span className="font-semibold">«Mejor valor»</span> marca el producto que sale mejor. Sin
            marca: empatan o falta el dato.
          </p>
        ) : null}
      </div>
      {products.length >= 2 && !pending && failed.length === 0 ? (
        <div className="flex flex-wrap items-start gap-2">
          <ShareLinkButton
            url={shareUrl}
            title={COMPARE_TITLE}
            testId="share-comparison"
            text={`Comparación: ${products.map((product) => product.name).join(' / ')}`}
          />
          {products.length < MAX_COMPARE ? (
            <Link to="/" className={buttonClassName({ variant: 'ghost' })}>
              <Plus aria-hidden="true" className="size-5" />
              Agregar otro
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );

  let body;
  if (ids.length < 2) {
    body = <PickHelp />;
  } else if (pending) {
    body = <CompareSkeleton columns={ids.length} />;
  } else if (failed.length > 0) {
    body = (
      <Alert as="div" className="mt-4">
        <h2 className="text-lg font-bold">{COMPARE_ERROR_TITLE}</h2>
        <p className="mt-1">{errorMessage(failed[0]?.error)}</p>
        <Button className="mt-4" onClick={() => failed.forEach((query) => void query.refetch())}>
          <RotateCw aria-hidden="true" className="size-5" />
          Intentar de nuevo
        </Button>
      </Alert>
    );
  } else if (products.length < 2) {
    body = <PickHelp />;
  } else {
    body = (
      <div className="mt-4">
        <CompareTableView products={products} onRemove={remove} />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-3 pb-8 md:pt-6" data-testid="compare-page">
      <PageTitle />
      {header}
      {notices.length > 0 ? (
        <ul className="mt-3 space-y-2" data-testid="compare-notices">
          {notices.map((notice) => (
            <li
              key={notice.key}
              className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {notice.text}
            </li>
          ))}
        </ul>
      ) : null}
      {body}
    </div>
  );
};
