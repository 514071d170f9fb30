import type { Product } from '@etiqueta/contracts';
import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Page } from '@/components/layouts/page';
import { buttonClassName } from '@/components/ui/button';

import { useContribution } from '../api/get-contribution';
import { HomeLink } from '@/components/ui/back-link';

export const PROVISIONAL_TEXT = 'Provisional: en revisión';

type ProvisionalScreenProps = {
  id: number;
  /** Composed by the route from the product feature: its page, its skeleton and its load error. */
  renderProduct: (product: Product) => ReactNode;
  loading: ReactNode;
  renderError: (error: Error, retry: () => void) => ReactNode;
};

/**
 * What a shopper sees right after sending: the product page, scored by the same rules from what they sent,
 * clearly marked provisional. Only they see it until an admin approves it; then it leads to the product itself.
 */
export const ProvisionalScreen = ({ id, renderProduct, loading, renderError }: ProvisionalScreenProps) => {
  const query = useContribution(id);
  if (query.isPending) return loading;
  if (query.isError) return renderError(query.error, () => void query.refetch());
  const contribution = query.data;

  if (contribution.status === 'pending' && contribution.provisional) {
    return (
      <>
        <div className="mx-auto w-full max-w-6xl px-4 pt-3">
          <div role="status" className="flex gap-3 rounded-xl bg-sky-50 p-3 text-stone-900 ring-1 ring-sky-300" data-testid="provisional-notice">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-800" />
            <div className="min-w-0">
              <p className="font-semibold">{PROVISIONAL_TEXT}</p>
              <p className="mt-1 text-sm">
                ¡Gracias por tu aporte! Este puntaje lo calculamos con lo que enviaste, con las mismas reglas de siempre.
                Solo tú lo ves hasta que revisemos tus fotos; después lo verán todos.
              </p>
            </div>
          </div>
        </div>
        {/* A code we lacked, sent without its name: the page still needs a heading. */}
        {renderProduct({ ...contribution.provisional, name: contribution.provisional.name || `Código ${contribution.barcode}` })}
      </>
    );
  }
  return (
    <Page title={contribution.status === 'approved' ? 'Tu aporte ya está publicado' : 'Revisamos tu aporte'}>
      <div role="status" className="mt-6 space-y-4 rounded-xl bg-stone-50 p-5 ring-1 ring-stone-200">
        <p className="text-stone-800">
          {contribution.status === 'approved'
            ? contribution.trusted
              ? '¡Gracias! Ya está publicado y cualquiera puede verlo.'
              : '¡Gracias! Ya lo revisamos y cualquiera puede verlo.'
            : `No pudimos publicarlo: ${contribution.rejectReason ?? 'las fotos no alcanzaban a leerse'}.`}
        </p>
        {contribution.status === 'approved' && contribution.productId !== null ? (
          <Link to={`/product/${contribution.productId}`} className={buttonClassName({ className: 'w-full sm:w-auto' })}>
            Ver el producto
          </Link>
        ) : (
          <HomeLink variant="secondary" className="w-full sm:w-auto" iconClassName="size-4" />
        )}
      </div>
    </Page>
  );
};
