import { type Product, type ProductAlternative, type ProductAlternatives } from '@etiqueta/contracts';
import { formatNumberEs } from '@etiqueta/domain';
import { Check, EyeOff, RotateCw } from 'lucide-react';

import { MoreLink } from '@/components/ui/more-link';
import { Button } from '@/components/ui/button';
import { ProductRow, ProductRowSkeleton } from '@/components/ui/product-row';
import { errorMessage } from '@/lib/error-message';
import { hasPreferences, usePreferences } from '@/lib/preferences';
import { verdictFor } from '@/lib/verdict';

import { useAlternatives } from '../api/get-alternatives';
import { Alert } from '@/components/ui/alert';

export const ALTERNATIVES_TITLE = 'Mejores opciones';
export const SEE_ALL_BETTER = 'Ver todas las mejores opciones';

/**
 * The shelf listing with "Solo mejores que X" on (issue 16): the product's subcategory, on its sub-subcategory's
 * chip when it has one; null when the product has no subcategory to list.
 */
export const betterListingPath = (
  product: Pick<Product, 'id' | 'subcategorySlug' | 'sub2categoryName'>,
  onlySuited = false,
) => {
  if (!product.subcategorySlug) return null;
  const query = new URLSearchParams();
  if (product.sub2categoryName) query.set('sub2categories', product.sub2categoryName);
  query.set('betterThan', String(product.id));
  // "Solo aptos para mí" on (issue 28): the listing filters on the phone as this section does.
  if (onlySuited) query.set('aptos', '1');
  return `/subcategory/${encodeURIComponent(product.subcategorySlug)}?${query.toString()}`;
};

const emptyText = (answer: ProductAlternatives) => {
  if (answer.unavailable === 'sin-puntaje')
    return 'Este producto no tiene puntaje, así que aún no podemos compararlo con otros de su tipo.';
  if (answer.unavailable === 'sin-estante')
    return 'Este producto aún no tiene categoría, así que no podemos compararlo con otros de su tipo.';
  // Only products of its substitute family are compared (issue 26): the true answer is about its kind, never
  // "the best of its shelf", which a misplaced neighbour could make false.
  return `Ningún producto de su mismo tipo tiene un puntaje claramente mejor (al menos ${formatNumberEs(answer.minimumMargin)} puntos más) en nuestro catálogo.`;
};

/** "2 opciones ocultas por tus preferencias", or that none of them suits. */
export const hiddenAlternativesText = (hidden: number, none: boolean) =>
  none
    ? 'Ninguna de las mejores opciones es apta para ti según tus preferencias.'
    : `${hidden === 1 ? '1 opción oculta' : `${hidden} opciones ocultas`} por tus preferencias.`;

const AlternativeCard = ({ alternative }: { alternative: ProductAlternative }) => (
  <ProductRow product={alternative} look="card" data-testid="alternative" data-product-id={alternative.id}>
    <p className="mt-1.5 flex items-start gap-1 text-sm text-green-900" data-testid="alternative-reason">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-semibold">{alternative.reason.text}</span>
        <span className="text-stone-700">: {alternative.reason.detail}</span>
      </span>
    </p>
  </ProductRow>
);

const AlternativesSkeleton = () => (
  <div role="status" aria-label="Cargando mejores opciones" className="mt-3 grid gap-3 md:grid-cols-2">
    {Array.from({ length: 3 }, (_, index) => (
      <ProductRowSkeleton key={index} look="card" />
    ))}
  </div>
);

type BetterAlternativesProps = {
  product: Pick<Product, 'id' | 'name' | 'subcategorySlug' | 'sub2categoryName'>;
};

/**
 * "Mejores opciones" (issues 16 and 26): up to five clearly better products of the same kind (substitute family,
 * its own shelf first), each with its score and the one reason it is better, loaded on their own after the page
 * so they never delay the score.
 */
export const BetterAlternatives = ({ product }: BetterAlternativesProps) => {
  const query = useAlternatives(product.id);
  // Only what suits this person (issue 28), decided on the phone from the ids each alternative carries (ADR 024).
  const preferences = usePreferences();
  const filtering = hasPreferences(preferences);
  const offered = query.data?.items ?? [];
  const items = filtering ? offered.filter((a) => verdictFor(preferences, a)?.level === 'apto') : offered;
  const hidden = offered.length - items.length;
  const seeAll = betterListingPath(product, filtering);
  return (
    <section
      aria-labelledby="alternatives-title"
      className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200 md:p-6"
      data-testid="alternatives"
    >
      <h2 id="alternatives-title" className="text-xl font-bold text-stone-900">
        {ALTERNATIVES_TITLE}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Productos de su mismo tipo con un puntaje claramente mejor.
      </p>
      {query.isPending ? (
        <AlternativesSkeleton />
      ) : query.isError ? (
        <Alert as="div" className="mt-3">
          <p>No pudimos cargar las mejores opciones. {errorMessage(query.error)}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            Reintentar
          </Button>
        </Alert>
      ) : offered.length === 0 ? (
        <p
          className="mt-3 rounded-xl bg-white p-4 text-stone-700 ring-1 ring-stone-200"
          data-testid="alternatives-empty"
        >
          {emptyText(query.data)}
        </p>
      ) : (
        <>
          {hidden > 0 ? (
            <p className="mt-3 flex items-center gap-1.5 text-sm text-stone-700" data-testid="alternatives-hidden">
              <EyeOff aria-hidden="true" className="size-4 shrink-0" />
              {hiddenAlternativesText(hidden, items.length === 0)}
            </p>
          ) : null}
          <ul className="mt-3 grid gap-3 empty:hidden md:grid-cols-2" aria-label={`Mejores opciones que ${product.name}`}>
            {items.map((alternative) => (
              <li key={alternative.id}>
                <AlternativeCard alternative={alternative} />
              </li>
            ))}
          </ul>
          {seeAll ? (
            <MoreLink to={seeAll} tone="green" className="mt-4">
              {SEE_ALL_BETTER}
            </MoreLink>
          ) : null}
        </>
      )}
    </section>
  );
};
