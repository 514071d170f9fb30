import { Lock, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { TablePagination } from '@/components/ui/table-pagination';

import { useAdminProducts } from './api/get-admin-products';
import { errorMessage } from '@/lib/error-message';
import { EDITABLE_FIELD_LABELS } from './product-form';
import { ProductEditDialog } from './product-edit-dialog';
import { ScoreBadge } from './score-badge';
import { HeaderCell, SkeletonRows } from '@/components/ui/table-cells';
import { Alert } from '@/components/ui/alert';
import { AdminSearch } from '../shared/admin-search';
import { AdminSection } from '../shared/admin-section';
import { AdminTable, RowAction } from '../shared/admin-table';

/** Typing pauses this long before the server is asked: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

const lockedLabel = (fields: readonly string[]) =>
  fields
    .map((field) => EDITABLE_FIELD_LABELS[field as keyof typeof EDITABLE_FIELD_LABELS] ?? field)
    .join(', ');

export const ProductsTab = () => {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const { data, isPending, isError, error, isPlaceholderData } = useAdminProducts({ q, page });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <AdminSection
      tab
      title="Productos"
      description="Edita los datos de un producto y su puntaje se recalcula al guardar."
    >
      <AdminSearch
        id="product-search"
        label="Buscar producto"
        placeholder="Buscar por nombre, marca o código de barras"
        value={search}
        onChange={setSearch}
      />

      {isError ? (
        <Alert>Error cargando productos: {errorMessage(error)}</Alert>
      ) : (
        <>
          <AdminTable
            caption="Productos del catálogo"
            minWidth="min-w-[48rem]"
            stale={isPlaceholderData}
            head={
              <>
                <HeaderCell>Producto</HeaderCell>
                <HeaderCell>Código de barras</HeaderCell>
                <HeaderCell>Categoría</HeaderCell>
                <HeaderCell>Puntaje</HeaderCell>
                <HeaderCell>Bloqueos</HeaderCell>
                <HeaderCell actions />
              </>
            }
          >
            {isPending ? (
              <SkeletonRows rows={8} columns={6} />
            ) : (
              data.items.map((product) => (
                <tr key={product.id} className="align-middle hover:bg-stone-50" data-product-id={product.id}>
                  <td className="px-3 py-2">
                    <Link
                      to={`/product/${product.id}`}
                      className="font-medium text-stone-900 underline-offset-2 hover:underline"
                    >
                      {product.name}
                    </Link>
                    {product.brand ? <span className="block text-stone-600">{product.brand}</span> : null}
                  </td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap text-stone-700">{product.barcode}</td>
                  <td className="px-3 py-2 text-stone-700">
                    {[product.categoryName, product.subcategoryName].filter(Boolean).join(' › ') ||
                      'Sin categoría'}
                  </td>
                  <td className="px-3 py-2">
                    <ScoreBadge score={product.healthScore} />
                  </td>
                  <td className="px-3 py-2 text-stone-700">
                    {product.lockedFields.length > 0 ? (
                      <span
                        className="inline-flex items-center gap-1"
                        title={`Bloqueados para la sincronización: ${lockedLabel(product.lockedFields)}`}
                      >
                        <Lock aria-hidden="true" className="size-3.5" />
                        <span className="sr-only">Bloqueados para la sincronización:</span>
                        {product.lockedFields.length}
                      </span>
                    ) : (
                      <span className="text-stone-500">—</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <RowAction
                      icon={Pencil}
                      label="Editar"
                      subject={product.name}
                      onClick={() => setEditing(product.id)}
                    />
                  </td>
                </tr>
              ))
            )}
          </AdminTable>
          {data && data.items.length === 0 ? (
            <p className="rounded-xl bg-stone-50 p-4 text-center text-stone-700">
              No se encontraron productos
            </p>
          ) : null}
          {data ? (
            <TablePagination
              page={data.page}
              pageCount={pageCount}
              total={data.total}
              noun="productos"
              singularNoun="producto"
              onPageChange={setPage}
              disabled={isPlaceholderData}
            />
          ) : null}
        </>
      )}

      <ProductEditDialog productId={editing} onClose={() => setEditing(null)} />
    </AdminSection>
  );
};
