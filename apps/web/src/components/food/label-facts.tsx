import type { Product } from '@etiqueta/contracts';
import { NUTRISCORE_MEANINGS, novaMeaning, nutriscoreLetter } from '@etiqueta/domain';

/** Nutri-Score's own colours, A dark green to E red; the letter is always printed, so colour is not alone. */
export const NUTRISCORE_CLASS = {
  A: 'bg-green-800 text-white',
  B: 'bg-green-600 text-white',
  C: 'bg-yellow-400 text-stone-900',
  D: 'bg-orange-500 text-stone-900',
  E: 'bg-red-700 text-white',
} as const;

export const NOVA_CLASS: Record<number, string> = {
  1: 'bg-green-700 text-white',
  2: 'bg-yellow-400 text-stone-900',
  3: 'bg-orange-500 text-stone-900',
  4: 'bg-red-700 text-white',
};

type LabelFactsProps = { product: Pick<Product, 'nutriscore' | 'novaGroup' | 'ingredientReading'> };

/** Why there is no NOVA group: no list at all, or a list we could not read well enough to claim less than 4. */
const novaUnknownText = (product: LabelFactsProps['product']) =>
  product.ingredientReading === null
    ? ' · Sin lista de ingredientes para estimar el procesamiento'
    : ' · Sin estimar: la lista tiene ingredientes que no reconocemos';

/** The Nutri-Score letter and the NOVA group, each with what it means in one line; what is unknown says so. */
export const LabelFacts = ({ product }: LabelFactsProps) => {
  const letter = nutriscoreLetter(product.nutriscore?.grade);
  const nova = novaMeaning(product.novaGroup);
  return (
    <dl className="grid gap-2 text-sm" data-testid="label-facts">
      <div className="flex items-center gap-3">
        <dt className="shrink-0">
          <span
            className={`grid size-9 place-items-center rounded-lg text-lg font-black ${letter ? NUTRISCORE_CLASS[letter] : 'bg-stone-200 text-stone-700'}`}
          >
            {letter ?? '?'}
          </span>
        </dt>
        <dd className="text-stone-800">
          <span className="font-semibold text-stone-900">Nutri-Score {letter ?? ''}</span>
          {letter ? ` · ${NUTRISCORE_MEANINGS[letter]}` : ' · Sin datos suficientes para calcularlo'}
        </dd>
      </div>
      <div className="flex items-center gap-3">
        <dt className="shrink-0">
          <span
            className={`grid size-9 place-items-center rounded-lg text-lg font-black ${nova && product.novaGroup ? NOVA_CLASS[product.novaGroup] : 'bg-stone-200 text-stone-700'}`}
          >
            {nova ? product.novaGroup : '?'}
          </span>
        </dt>
        <dd className="text-stone-800">
          <span className="font-semibold text-stone-900">NOVA {nova ? product.novaGroup : ''}</span>
          {nova ? ` · ${nova}` : novaUnknownText(product)}
        </dd>
      </div>
    </dl>
  );
};
