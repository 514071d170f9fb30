import { Share2 } from 'lucide-react';

import { useSharedProduct } from '../api/get-shared-product';

/**
 * Above the login of a shared product's address (issue 30): in one line, what was shared — the name, the brand and
 * the score as the link's preview already shows them, nothing more. Says nothing while it loads or when there is
 * no such product (the login is the same either way).
 */
export const SharedProductHint = ({ productId }: { productId: string }) => {
  const { data } = useSharedProduct(productId);
  return (
    <p className="mb-4 flex min-h-6 items-start gap-2 text-sm text-stone-800" data-testid="shared-product-hint">
      {data ? (
        <>
          <Share2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            Te compartieron <strong className="font-semibold break-words">{data.name}</strong>
            {data.brand ? ` de ${data.brand}` : ''}: {data.score === 'Sin puntaje' ? data.score : `${data.score} · ${data.scoreLabel}`}.
            Inicia sesión para ver su análisis.
          </span>
        </>
      ) : null}
    </p>
  );
};
