import type { Product } from '@etiqueta/contracts';
import type { ReactNode } from 'react';

import { BackLink } from '@/components/ui/back-link';
import { Skeleton } from '@/components/ui/skeleton';
import { APP_NAME } from '@/config/brand';

import { useProduct } from '../api/get-product';
import { ProductLoadError } from './product-load-error';
import { ProductNotFound } from './product-not-found';
import { isProductMissing } from './product-screen';

type ProductSubpageProps = {
  productId: string;
  title: string;
  children: (product: Product) => ReactNode;
};

/** The frame of the additives and 'Otros sospechosos' pages: back to the product, title, product name. */
export const ProductSubpage = ({ productId, title, children }: ProductSubpageProps) => {
  const query = useProduct(productId);
  if (query.isError) {
    if (isProductMissing(query.error)) return <ProductNotFound />;
    return <ProductLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-4 md:py-8">
      <title>{`${title} · ${query.data?.name ?? 'Producto'} · ${APP_NAME}`}</title>
      <BackLink to={`/product/${encodeURIComponent(productId)}`} label="Volver al producto" />
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{title}</h1>
      {query.isPending ? (
        <div role="status" className="mt-4 space-y-4" data-testid="product-subpage-skeleton">
          <span className="sr-only">Cargando producto...</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-24 w-full rounded-2xl" />
          <Skeleton className="h-24 w-full rounded-2xl" />
        </div>
      ) : (
        <>
          <p className="mt-1 text-stone-700">{query.data.name}</p>
          {children(query.data)}
        </>
      )}
    </div>
  );
};
