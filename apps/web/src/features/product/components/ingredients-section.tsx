import { ingredientCountWarning, splitIngredients, unreadListText } from '@etiqueta/domain';
import type { Product } from '@etiqueta/contracts';
import { ChevronDown, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';

type IngredientsSectionProps = {
  product: Pick<Product, 'ingredients' | 'ingredientReading' | 'detectedAdditives' | 'ultraprocessed'>;
};

/**
 * Ingredient count with a toggle to the plain list, split on commas by the domain (spec §2). The count turns red
 * when there are more than 6 ingredients and any additive or suspect carries a risk label (spec §9); an icon and
 * its words say the same, so colour is not the only signal. When the list could not be read well (an ingredient
 * we do not recognise, an industrial preparation that does not say what it holds), a line says which, in the
 * label's words, and why no absence is claimed. A label's word with no space (OCR or typing joined it) breaks
 * anywhere rather than widen a phone's page.
 */
export const IngredientsSection = ({ product }: IngredientsSectionProps) => {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const ingredients = splitIngredients(product.ingredients);

  if (ingredients.length === 0) {
    return (
      <p className="text-stone-600" data-testid="ingredient-count">
        Ingredientes no disponibles
      </p>
    );
  }

  const warn = ingredientCountWarning(ingredients.length, [
    ...product.detectedAdditives.map((a) => a.riskLevel),
    ...product.ultraprocessed.map((s) => s.riskLevel),
  ]);

  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p
          className={`flex items-center gap-1.5 font-semibold ${warn ? 'text-red-700' : 'text-stone-900'}`}
          data-testid="ingredient-count"
          data-warning={warn || undefined}
        >
          {warn ? <TriangleAlert aria-hidden="true" className="size-5" /> : null}
          {ingredients.length === 1 ? '1 ingrediente' : `${ingredients.length} ingredientes`}
          {warn ? (
            <span className="sr-only"> (muchos ingredientes, con aditivos u otros sospechosos)</span>
          ) : null}
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {open ? 'Ocultar ingredientes' : 'Ver ingredientes'}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      {product.ingredientReading && !product.ingredientReading.readWell ? (
        <p className="mt-1 text-sm wrap-anywhere text-stone-800" data-testid="ingredients-unread">
          {`No podemos leer toda la lista: ${unreadListText(product.ingredientReading)}. Por eso no decimos que no tenga aditivos.`}
        </p>
      ) : null}
      <ol
        id={listId}
        hidden={!open}
        className="mt-2 list-inside list-decimal space-y-0.5 rounded-xl bg-stone-50 p-3 text-sm wrap-anywhere text-stone-800 ring-1 ring-stone-200"
        data-testid="ingredient-list"
      >
        {ingredients.map((ingredient, index) => (
          <li key={`${index}-${ingredient}`}>{ingredient}</li>
        ))}
      </ol>
    </div>
  );
};
