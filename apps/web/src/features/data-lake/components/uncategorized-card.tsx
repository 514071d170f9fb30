import { FolderX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { TablePagination } from '@/components/ui/table-pagination';

import { UNCATEGORIZED_PAGE_SIZE, useUncategorized } from '../api/get-uncategorized';
import { errorMessage } from '@/lib/error-message';
import { formatCount } from '../utils/format';
import { StatusCard, StatusCardError, StatusCardSkeleton } from './status-card';

/** Beyond the spec: products the classifier could not place in our categories (kept, but not browsable). */
export const UncategorizedCard = () => {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, isPlaceholderData } = useUncategorized(page);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / UNCATEGORIZED_PAGE_SIZE)) : 1;
  return (
    <StatusCard
      title="Productos sin categoría"
      headingId="uncategorized-heading"
      icon={<FolderX aria-hidden="true" className="size-5 text-brand-700" />}
      className="lg:col-span-2"
    >
      {isError ? (
        <StatusCardError>No se pudo leer la lista: {errorMessage(error)}</StatusCardError>
      ) : isPending ? (
        <StatusCardSkeleton rows={3} rowClassName="h-6 w-full" />
      ) : data.total === 0 ? (
        <p className="text-sm text-stone-700">Todos los productos tienen categoría.</p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            {formatCount(data.total)} {data.total === 1 ? 'producto no se pudo' : 'productos no se pudieron'}{' '}
            clasificar en nuestras categorías: están en el catálogo y en la búsqueda, pero no en los listados.
          </p>
          <ul className={`mt-3 divide-y divide-stone-100 text-sm ${isPlaceholderData ? 'opacity-60' : ''}`}>
            {data.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
                <Link
                  to={`/product/${item.id}`}
                  className="font-medium text-brand-800 underline underline-offset-2"
                >
                  {item.name || 'Sin nombre'}
                </Link>
                <span className="text-stone-600">
                  {item.brand ? `${item.brand} · ` : ''}
                  <span className="font-mono">{item.barcode}</span>
                </span>
              </li>
            ))}
          </ul>
          <TablePagination
            page={page}
            pageCount={pageCount}
            total={data.total}
            noun="productos sin categoría"
            singularNoun="producto sin categoría"
            onPageChange={setPage}
            disabled={isPlaceholderData}
          />
        </>
      )}
    </StatusCard>
  );
};
