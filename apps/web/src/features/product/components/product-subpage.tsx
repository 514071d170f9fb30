import type { Product } from '@etiqueta/contracts';

import { RiskGroupList, type RiskItem } from '@/components/food/risk-group-list';
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
  /** What the page lists of the product, in its three risk groups. */
  items: (product: Product) => RiskItem[];
  /** Said instead when the product has none. */
  emptyText: string;
};

/**
 * The additives and 'Otros sospechosos' pages: back to the product, title, product name, then the product's
 * items in their risk groups (or the line that says there are none).
 */
export const ProductSubpage = ({ productId, title, items, emptyText }: ProductSubpageProps) => {
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
          <RiskGroupItems items={items(query.data)} emptyText={emptyText} />
        </>
      )}
    </div>
  );
};

const RiskGroupItems = ({ items, emptyText }: { items: RiskItem[]; emptyText: string }) =>
  items.length === 0 ? (
    <p className="mt-6 rounded-2xl bg-white p-4 text-stone-800 ring-1 ring-stone-200">{emptyText}</p>
  ) : (
    <RiskGroupList items={items} />
  );
