import type { Seal } from '@etiqueta/domain';

import { SealOctagon } from '@/components/food/seal-octagon';

const SEAL_LABELS: ReadonlySet<string> = new Set<Seal['label']>([
  'ALTO EN CALORÍAS',
  'ALTO EN SODIO',
  'ALTO EN AZÚCARES',
  'ALTO EN GRASAS SATURADAS',
]);

/** The contract types seals as unknown[]; keep the ones shaped like the domain's Seal. */
export const readSeals = (seals: readonly unknown[]): Seal[] =>
  seals.filter(
    (seal): seal is Seal =>
      typeof seal === 'object' &&
      seal !== null &&
      'label' in seal &&
      typeof seal.label === 'string' &&
      SEAL_LABELS.has(seal.label),
  );

type ProductSealsProps = { seals: readonly unknown[] };

/** Beyond the spec: the Chilean 'ALTO EN' seals the pack must carry (Ley 20.606), as black octagons. */
export const ProductSeals = ({ seals }: ProductSealsProps) => {
  const shown = readSeals(seals);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Sellos de advertencia" className="flex flex-wrap gap-2" data-testid="product-seals">
      {shown.map((seal) => (
        <li key={seal.label}>
          <SealOctagon label={seal.label} className="size-20 md:size-24" />
        </li>
      ))}
    </ul>
  );
};
