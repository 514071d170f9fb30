import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

import { TablePagination } from '@/components/ui/table-pagination';

import { PRODUCT_LIST_PAGE_SIZE, type ProductListAddress, useProductList } from '../api/get-product-list';
import { StatusCard, StatusCardQuery } from './status-card';

type ProductListCardProps = {
  title: string;
  headingId: string;
  icon: ReactNode;
  address: ProductListAddress;
  /** Shown when the list is empty. */
  emptyText: string;
  /** What the listed products have in common, given their total. */
  summary: (total: number) => string;
  noun: string;
  singularNoun: string;
};

/** Beyond the spec: a paged list of products admins should look at, each linked to its page. */
export const ProductListCard = ({
  title,
  headingId,
  icon,
  address,
  emptyText,
  summary,
  noun,
  singularNoun,
}: ProductListCardProps) => {
  const [page, setPage] = useState(1);
  const list = useProductList(address, page);
  return (
    <StatusCard title={title} headingId={headingId} icon={icon} className="lg:col-span-2">
      <StatusCardQuery query={list} errorText="No se pudo leer la lista" rowClassName="h-6 w-full">
        {(data) =>
          data.total === 0 ? (
            <p className="text-sm text-stone-700">{emptyText}</p>
          ) : (
            <>
              <p className="text-sm text-stone-700">{summary(data.total)}</p>
              <ul className={`mt-3 divide-y divide-stone-100 text-sm ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
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
                    {'issues' in item ? (
                      <span className="w-full text-stone-700">{item.issues.join('; ')}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
              <TablePagination
                page={page}
                pageCount={Math.max(1, Math.ceil(data.total / PRODUCT_LIST_PAGE_SIZE))}
                total={data.total}
                noun={noun}
                singularNoun={singularNoun}
                onPageChange={setPage}
                disabled={list.isPlaceholderData}
              />
            </>
          )
        }
      </StatusCardQuery>
    </StatusCard>
  );
};
