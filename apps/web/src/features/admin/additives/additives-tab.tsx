import type { Additive } from '@etiqueta/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TablePagination } from '@/components/ui/table-pagination';
import { useConfirm } from '@/components/ui/use-confirm';
import { toast } from '@/lib/toast-store';

import { useDeleteAdditive } from './api/write-additive';
import { useAdditives } from './api/get-additives';
import {
  ADDITIVES_PAGE_SIZE,
  type AdditiveSort,
  type AdditiveSortKey,
  matchesAdditiveSearch,
  paginate,
  sortAdditives,
} from './additive-table';
import { errorMessage } from '@/lib/error-message';
import { AdditiveFormDialog } from './additive-form-dialog';
import { RescoreNotice } from './rescore-notice';
import { RiskBadge } from './risk-badge';
import { AdminSearch } from '../shared/admin-search';
import { AdminSection } from '../shared/admin-section';
import { AdminTable, RowAction } from '../shared/admin-table';
import { SortableHeader } from '../shared/sortable-header';
import { HeaderCell, SkeletonRows } from '@/components/ui/table-cells';
import { Alert } from '@/components/ui/alert';

type DialogState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; additive: Additive };

export const AdditivesTab = () => {
  const { data, isPending, isError, error } = useAdditives();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<AdditiveSort>({ key: 'code', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const deleting = useConfirm<Additive>();
  const [followRescore, setFollowRescore] = useState(false);

  const remove = useDeleteAdditive({
    onSuccess: () => {
      toast({ title: 'Aditivo eliminado exitosamente' });
      deleting.close();
      setFollowRescore(true);
    },
  });

  const visible = useMemo(() => {
    const filtered = (data ?? []).filter((additive) => matchesAdditiveSearch(additive, deferredSearch));
    return paginate(sortAdditives(filtered, sort), page, ADDITIVES_PAGE_SIZE);
  }, [data, deferredSearch, sort, page]);

  const onSort = (key: AdditiveSortKey) =>
    setSort((current) => ({
      key,
      direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc',
    }));

  return (
    <AdminSection
      tab
      title="Aditivos"
      description="El catálogo con el que se detectan aditivos en los ingredientes."
      action={
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          Nuevo aditivo
        </Button>
      }
    >
      <RescoreNotice active={followRescore} />

      <AdminSearch
        id="additive-search"
        label="Buscar aditivo"
        placeholder="Buscar por código, nombre o categoría"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />

      {isError ? (
        <Alert>Error cargando aditivos: {errorMessage(error)}</Alert>
      ) : (
        <>
          <AdminTable
            caption="Aditivos del catálogo"
            minWidth="min-w-[48rem]"
            head={
              <>
                <SortableHeader label="Código" sortKey="code" current={sort} onSort={onSort} />
                <SortableHeader label="Nombre" sortKey="name" current={sort} onSort={onSort} />
                <SortableHeader label="Riesgo" sortKey="riskLevel" current={sort} onSort={onSort} />
                <SortableHeader label="Categoría" sortKey="category" current={sort} onSort={onSort} />
                <HeaderCell>Nombres alternativos</HeaderCell>
                <HeaderCell actions />
              </>
            }
          >
            {isPending ? (
              <SkeletonRows rows={8} columns={6} />
            ) : (
              visible.rows.map((additive) => (
                <tr key={additive.id} className="align-middle hover:bg-stone-50">
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{additive.code ?? '—'}</td>
                  <td className="max-w-md px-3 py-2 font-medium text-stone-900">
                    {additive.name}
                    {additive.reason ? (
                      <span
                        className="mt-0.5 block text-xs font-normal text-stone-600"
                        data-testid="additive-reason"
                      >
                        {additive.reason}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <RiskBadge risk={additive.riskLevel} />
                  </td>
                  <td className="px-3 py-2 text-stone-700">{additive.category || '—'}</td>
                  <td className="max-w-xs px-3 py-2 text-stone-700">
                    {additive.alternativeNames.length > 0 ? additive.alternativeNames.join(', ') : '—'}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <RowAction
                        icon={Pencil}
                        label="Editar"
                        subject={additive.name}
                        onClick={() => setDialog({ kind: 'edit', additive })}
                      />
                      <RowAction
                        icon={Trash2}
                        label="Eliminar"
                        subject={additive.name}
                        danger
                        onClick={() => deleting.ask(additive)}
                      />
                    </div>
                  </td>
                </tr>
              ))
            )}
          </AdminTable>
          {!isPending && visible.total === 0 ? (
            <p className="rounded-xl bg-stone-50 p-4 text-center text-stone-700">
              No se encontraron aditivos
            </p>
          ) : null}
          {!isPending ? (
            <TablePagination
              page={visible.page}
              pageCount={visible.pageCount}
              total={visible.total}
              noun="aditivos"
              singularNoun="aditivo"
              onPageChange={setPage}
            />
          ) : null}
        </>
      )}

      <AdditiveFormDialog
        open={dialog.kind !== 'closed'}
        additive={dialog.kind === 'edit' ? dialog.additive : null}
        onOpenChange={(open) => {
          if (!open) setDialog({ kind: 'closed' });
        }}
        onSaved={() => setFollowRescore(true)}
      />

      <ConfirmDialog
        confirm={deleting}
        title="¿Eliminar aditivo?"
        description={
          deleting.subject
            ? `Se eliminará ${deleting.subject.code ? `${deleting.subject.code} ` : ''}${deleting.subject.name} del catálogo y se recalcularán los puntajes de los productos que lo contienen. No se puede deshacer.`
            : ''
        }
        confirmLabel={remove.isPending ? 'Eliminando…' : 'Eliminar'}
        pending={remove.isPending}
        onConfirm={(additive) => {
          remove.mutate(additive.id, {
            onError: (err) =>
              toast({
                title: 'Error al eliminar aditivo',
                description: errorMessage(err),
                variant: 'destructive',
              }),
          });
        }}
      />
    </AdminSection>
  );
};
