/** The history when there is no list to show: loading, empty, or nothing matching the search. */
import { History, ScanBarcode } from 'lucide-react';
import { Link } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { ProductRowSkeleton } from '@/components/ui/product-row';
import { Skeleton } from '@/components/ui/skeleton';

export const EMPTY_HISTORY_TITLE = 'Todavía no hay nada en tu historial';

export const EmptyHistory = ({ recording }: { recording: boolean }) => (
  <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-stone-200">
    <History aria-hidden="true" className="size-10 text-brand-700" strokeWidth={1.5} />
    <h2 className="mt-3 text-lg font-bold text-stone-900">{EMPTY_HISTORY_TITLE}</h2>
    <p className="mt-1 max-w-md text-stone-700">
      {recording
        ? 'Escanea el código de barras de un producto o búscalo por su nombre: cada uno que abras aparecerá aquí, ordenado por día.'
        : 'Tu historial está desactivado. Actívalo más abajo para ver aquí los productos que abras.'}
    </p>
    <Link to="/" className={`${buttonClassName({ size: 'lg' })} mt-5`}>
      <ScanBarcode aria-hidden="true" className="size-5" />
      Escanear o buscar un producto
    </Link>
  </div>
);

export const NoMatches = ({ q, onClear }: { q: string; onClear: () => void }) => (
  <div role="status" className="rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-stone-200">
    <p className="font-semibold text-stone-900">Ningún producto de tu historial coincide con «{q}».</p>
    <p className="mt-1 text-stone-700">Prueba con otra palabra del nombre o de la marca.</p>
    <Button variant="secondary" className="mt-4" onClick={onClear}>
      Ver todo el historial
    </Button>
  </div>
);

export const HistorySkeleton = () => (
  <div role="status" aria-busy="true" aria-label="Cargando tu historial" className="space-y-3">
    <Skeleton className="h-4 w-16" />
    <div className="divide-y divide-stone-100 rounded-2xl bg-white ring-1 ring-stone-200">
      {Array.from({ length: 5 }, (_, i) => (
        <ProductRowSkeleton key={i} look="list" />
      ))}
    </div>
  </div>
);
